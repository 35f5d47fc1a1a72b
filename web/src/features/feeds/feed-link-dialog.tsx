import { Rss } from 'lucide-react';
import { FEED_ENTRY_LIMIT } from '../../../../contract/feeds.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CopyField } from './copy-field.tsx';
import {
  collectionFeedUrl,
  useFeedToken,
  useNewFeedToken,
  useRegenerateFeedToken,
} from './feeds.queries.ts';

/**
 * A collection's feed link (PRODUCT.md#feeds), from its options menu: the URL with the feed token
 * made during this visit; without one, a button to make it (saying when that ends the old links).
 */
export function FeedLinkDialog({
  collectionId,
  collectionName,
  open,
  onOpenChange,
}: {
  collectionId: number;
  collectionName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const status = useFeedToken();
  const created = useNewFeedToken();
  const regenerate = useRegenerateFeedToken();
  const exists = Boolean(status.data);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Feed link"
      description={`An Atom feed of the newest ${FEED_ENTRY_LIMIT} posts in ${collectionName} and its sub-collections, for your feed reader.`}
    >
      {created ? (
        <CopyField
          label="Feed URL"
          value={collectionFeedUrl(created.token, collectionId)}
          copied="The feed link is on your clipboard."
        />
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-fg-muted">
            {exists
              ? 'Feed links carry your feed token, which Nestmark shows only when it is made. Make a new one to get this link: the feed links you made before stop working.'
              : 'Feed links carry your feed token. Make one to get this link.'}
          </p>
          <Button
            variant="primary"
            busy={regenerate.isPending}
            disabled={status.isPending}
            onClick={() => regenerate.mutate()}
          >
            <Rss aria-hidden />
            {exists ? 'Make a new feed token' : 'Make a feed token'}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
