import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { exportFileName } from '../../../../contract/bookmarks-io.ts';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/notify.tsx';
import { TreeSelect, type TreeOption } from '../../ui/tree-select.tsx';
import {
  collectionOptions,
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
} from '../collections/collection-tree.ts';
import { useCollectionTree } from '../collections/collections.queries.ts';
import { useExportBookmarks } from './bookmarks-io.queries.ts';
import { failureNotice } from './failure-notice.ts';

/** The scope choice meaning "everything". */
const EVERYTHING = -1;

/**
 * Download of bookmarks as one HTML file (PRODUCT.md#import-and-export): everything, or one
 * collection with everything below it, or Uncategorized. "This may take a minute"; then the file
 * is saved and the user goes back to /import (PRODUCT.md#after-an-action).
 */
export function ExportBookmarksPanel() {
  const navigate = useNavigate();
  const download = useExportBookmarks();
  const tree = useCollectionTree();
  const labelId = useId();
  const [scope, setScope] = useState(EVERYTHING);
  const options: TreeOption<number>[] = [
    { value: EVERYTHING, label: 'Everything', depth: 0 },
    { value: UNCATEGORIZED_ID, label: `${UNCATEGORIZED_NAME} only`, depth: 0 },
    ...collectionOptions(tree.data?.collections ?? []),
  ];

  async function start() {
    if (download.isPending) return;
    try {
      await download.mutateAsync(scope === EVERYTHING ? undefined : scope);
      await navigate('/import');
    } catch (error) {
      notify(failureNotice(error));
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-fg-muted">
        You get <span className="font-medium text-fg">{exportFileName(new Date())}</span>, a
        bookmarks file every browser and most bookmark services can import. Collections become
        folders, tags and descriptions are kept, and notes are included as links to their pages
        here.
      </p>
      <div className="flex flex-col gap-1.5">
        <span id={labelId} className="text-sm font-medium text-fg">
          What to export
        </span>
        <TreeSelect labelId={labelId} options={options} value={scope} onChange={setScope} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-fg-muted">
          {download.isPending
            ? 'Preparing your file… This may take a minute'
            : 'This may take a minute'}
        </p>
        <Button variant="primary" busy={download.isPending} onClick={() => void start()}>
          {!download.isPending && <Download aria-hidden />}
          Download
        </Button>
      </div>
    </div>
  );
}
