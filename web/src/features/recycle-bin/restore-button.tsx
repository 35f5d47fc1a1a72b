import { ArchiveRestore } from 'lucide-react';
import type { Post } from '../../../../contract/posts.ts';
import { Button } from '../../ui/button.tsx';
import {
  pickerIdOf,
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
} from '../collections/collection-tree.ts';
import { useCollection } from '../collections/collections.queries.ts';
import { useRestorePostAction } from './recycle-bin.queries.ts';

/**
 * PRODUCT.md#post-card in the recycle bin: 'Restore into {collection name}'. Uncategorized when the
 * post had none or its collection is gone (the server restores it there too). A restore is told
 * with Undo (PRODUCT.md#undo).
 */
export function RestoreButton({ post }: { post: Post }) {
  const collectionId = pickerIdOf(post.collection_id);
  const collection = useCollection(collectionId);
  const restore = useRestorePostAction();
  const name =
    collectionId === UNCATEGORIZED_ID || collection.isError
      ? UNCATEGORIZED_NAME
      : (collection.data?.name ?? '…');
  return (
    <Button
      size="sm"
      className="self-start"
      busy={restore.pending}
      onClick={() => void restore.run(post)}
    >
      <ArchiveRestore aria-hidden />
      Restore into {name}
    </Button>
  );
}
