import { RefreshCw } from 'lucide-react';
import { formatDay } from '../../lib/dates.ts';
import { useState } from 'react';
import { FEED_ENTRY_LIMIT } from '../../../../contract/feeds.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CopyField } from './copy-field.tsx';
import { useFeedToken, useNewFeedToken, useRegenerateFeedToken } from './feeds.queries.ts';

/**
 * My Account's Feeds block (PRODUCT.md#feeds): the user's feed token, shown once when it is made
 * (the server keeps only its hash), and Regenerate, which ends every feed URL of the old one.
 */
export function AccountFeedsSection() {
  const status = useFeedToken();
  const created = useNewFeedToken();
  const regenerate = useRegenerateFeedToken();
  const [confirming, setConfirming] = useState(false);
  const exists = Boolean(status.data);

  function make() {
    setConfirming(false);
    regenerate.mutate();
  }

  return (
    <Card aria-labelledby="feeds-heading" className="flex flex-col gap-4 p-5 sm:p-6">
      <div>
        <h2 id="feeds-heading" className="text-base font-semibold">
          Feeds
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Follow a collection in your feed reader: its feed lists the newest {FEED_ENTRY_LIMIT}{' '}
          posts of the collection and its sub-collections. Feed links carry your feed token; anyone
          with one can read that collection.
        </p>
      </div>
      {created ? (
        <div className="flex flex-col gap-3">
          <CopyField
            label="Feed token"
            value={created.token}
            copied="The feed token is on your clipboard."
          />
          <p className="text-sm text-fg-muted">
            Nestmark shows it only now, during this visit. Copy a collection’s feed link from its
            options menu: Feed link.
          </p>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">
          {status.isPending
            ? 'Loading…'
            : exists
              ? `Your feed token was made on ${formatDay(status.data!.created_at)}. Nestmark keeps only a fingerprint of it and cannot show it again.`
              : 'You have no feed token yet.'}
        </p>
      )}
      <div>
        <Button
          onClick={() => (exists ? setConfirming(true) : make())}
          busy={regenerate.isPending}
          disabled={status.isPending}
        >
          <RefreshCw aria-hidden />
          {exists ? 'Regenerate' : 'Make a feed token'}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate your feed token?"
        description="Every feed link you made with the current token stops working at once."
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="primary" onClick={make}>
              Regenerate
            </Button>
          </>
        }
      />
    </Card>
  );
}
