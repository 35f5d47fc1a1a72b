import type { ListedTag } from './tag-order.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

/** `count` posts, in words: '1 post', '1,000 posts'. */
function postCount(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'post' : 'posts'}`;
}

/**
 * PRODUCT.md#tags: the question before a tag that posts carry is deleted, naming how many; Delete
 * (danger) or Cancel. Deleting cannot be undone: this question is the safeguard.
 */
export function DeleteTagDialog({
  tag,
  busy,
  onConfirm,
  onOpenChange,
}: {
  tag: ListedTag;
  busy: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Delete #${tag.name}?`}
      description={
        tag.post_count === undefined
          ? 'Its posts keep existing without it. This cannot be undone.'
          : `${postCount(tag.post_count)} ${tag.post_count === 1 ? 'carries' : 'carry'} it; they keep existing without it. This cannot be undone.`
      }
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm} autoFocus>
            Delete tag
          </Button>
        </>
      }
    />
  );
}
