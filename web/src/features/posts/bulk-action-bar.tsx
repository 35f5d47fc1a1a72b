import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { ArchiveRestore, FolderInput, TagPlus, TagX, Trash2, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import { BULK_EDIT_MAX } from '../../../../contract/posts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CollectionPicker } from '../collections/collection-picker.tsx';
import { UNCATEGORIZED_ID } from '../collections/collection-tree.ts';
import { useBulkEditPosts, type BulkChange } from './bulk-edit.queries.ts';
import { TagPicker } from './tag-picker.tsx';
import { offerUndo } from './undo.ts';

/** `count` posts, in words: '1 post', '1,000 posts'. */
function postCount(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'post' : 'posts'}`;
}

/** One action of the bar: what it sends, and what it tells while and after it runs. */
interface Action {
  change: BulkChange;
  /** While running, e.g. 'Moving'. */
  doing: string;
  /** After, e.g. 'moved'. */
  done: string;
}

type Chooser = 'move' | 'add-tags' | 'remove-tags';

/** Arrow keys move between the buttons of a toolbar (Tab reaches each one too). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (!step) return;
  const buttons = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'),
  ];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  buttons[(at + step + buttons.length) % buttons.length]?.focus();
}

/**
 * The bulk action bar of a list with chosen posts (docs/API.md, bulk edit): 'N selected', Move
 * (to a collection or Uncategorized), Add tags, Remove tags and Delete (to the recycle bin); in
 * the recycle bin Restore instead of Move and Delete; Clear. It sticks to the bottom of the
 * screen while the list scrolls. While a request runs the buttons are disabled and the bar says
 * how far it is; the server's message shows in it when one fails; a success is notified with
 * Undo (PRODUCT.md#undo: the posts' lists, places and tags as they were) and clears the choice. More than BULK_EDIT_MAX posts go in chunks (useBulkEditPosts).
 */
export function BulkActionBar({
  ids,
  inRecycleBin,
  onClear,
}: {
  /** The chosen posts, in list order. */
  ids: number[];
  inRecycleBin: boolean;
  onClear: () => void;
}) {
  const queryClient = useQueryClient();
  const edit = useBulkEditPosts();
  const [chooser, setChooser] = useState<Chooser | null>(null);
  const [running, setRunning] = useState<{ doing: string; done: number; total: number } | null>(
    null,
  );

  function run({ change, doing, done }: Action) {
    setChooser(null);
    const total = ids.length;
    setRunning({ doing, done: 0, total });
    edit.mutate(
      { ids, change, onProgress: (count) => setRunning({ doing, done: count, total }) },
      {
        onSuccess: ({ changed, undo }) => {
          offerUndo(
            queryClient,
            {
              type: change.is_archived ? 'deletion' : 'success',
              title: `${postCount(changed.length)} ${done}`,
            },
            undo,
          );
          onClear();
        },
        onSettled: () => setRunning(null),
      },
    );
  }

  const busy = edit.isPending;
  // On a phone the four actions show their icons only; the recycle bin's one keeps its name.
  const compact = !inRecycleBin;
  const button = (label: string, Icon: LucideIcon, onClick: () => void, danger = false) => (
    <Button
      size="sm"
      variant={danger ? 'danger-outline' : 'secondary'}
      disabled={busy}
      title={label}
      onClick={onClick}
      className={clsx(compact && 'max-sm:w-9 max-sm:px-0')}
    >
      <Icon aria-hidden />
      <span className={clsx(compact && 'max-sm:sr-only')}>{label}</span>
    </Button>
  );
  return (
    <div className="sticky bottom-3 z-30 mt-3 flex flex-col gap-2 sm:bottom-4">
      {edit.isError && (
        <FormAlert>
          {edit.error instanceof ApiError
            ? edit.error.message
            : 'The posts could not be changed. Check your connection and try again.'}
        </FormAlert>
      )}
      <div
        role="toolbar"
        aria-label="Selected posts"
        onKeyDown={moveFocus}
        className="flex items-center gap-1.5 rounded-2xl border border-line bg-surface/95 p-2 pl-4 shadow-xl backdrop-blur-sm sm:gap-2"
      >
        <p aria-live="polite" className="mr-auto min-w-0 truncate text-sm font-semibold">
          {running ? (
            <span className="flex items-center gap-2">
              <Spinner className="size-4" />
              {running.doing}
              {running.total > BULK_EDIT_MAX
                ? ` ${running.done.toLocaleString('en')} of ${postCount(running.total)}`
                : ` ${postCount(running.total)}`}
              …
            </span>
          ) : (
            `${ids.length.toLocaleString('en')} selected`
          )}
        </p>
        {inRecycleBin ? (
          button('Restore', ArchiveRestore, () =>
            run({ change: { is_archived: false }, doing: 'Restoring', done: 'restored' }),
          )
        ) : (
          <>
            {button('Move', FolderInput, () => setChooser('move'))}
            {button('Add tags', TagPlus, () => setChooser('add-tags'))}
            {button('Remove tags', TagX, () => setChooser('remove-tags'))}
            {button(
              'Delete',
              Trash2,
              () =>
                run({
                  change: { is_archived: true },
                  doing: 'Deleting',
                  done: 'moved to the Recycle Bin',
                }),
              true,
            )}
          </>
        )}
        <Button
          size="icon"
          variant="ghost"
          aria-label="Clear selection"
          title="Clear selection (Escape)"
          aria-keyshortcuts="Escape"
          disabled={busy}
          onClick={onClear}
          className="size-9"
        >
          <X aria-hidden />
        </Button>
      </div>
      {chooser === 'move' && (
        <MoveDialog count={ids.length} onClose={() => setChooser(null)} onRun={run} />
      )}
      {(chooser === 'add-tags' || chooser === 'remove-tags') && (
        <TagsDialog
          count={ids.length}
          adding={chooser === 'add-tags'}
          onClose={() => setChooser(null)}
          onRun={run}
        />
      )}
    </div>
  );
}

interface ChooserProps {
  count: number;
  onClose: () => void;
  onRun: (action: Action) => void;
}

/** The collection tree to move the chosen posts to (as PRODUCT.md#transfer-dialog). */
function MoveDialog({ count, onClose, onRun }: ChooserProps) {
  const [target, setTarget] = useState<number>();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Move ${postCount(count)}`}
      description="They go on top of the collection you choose."
      footer={
        <Button
          variant="primary"
          disabled={target === undefined}
          onClick={() =>
            onRun({
              change: {
                collection_id: target === UNCATEGORIZED_ID ? null : target,
                is_uncategorized: target === UNCATEGORIZED_ID,
              },
              doing: 'Moving',
              done: 'moved',
            })
          }
        >
          Move
        </Button>
      }
    >
      <CollectionPicker label="Collection" value={target} onChange={setTarget} />
    </Dialog>
  );
}

/** The tags to add to, or take off, every chosen post (the post editor's tag picker). */
function TagsDialog({ count, adding, onClose, onRun }: ChooserProps & { adding: boolean }) {
  const [names, setNames] = useState<string[]>([]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${adding ? 'Add tags to' : 'Remove tags from'} ${postCount(count)}`}
      description={
        adding
          ? 'A tag you do not have yet is created.'
          : 'Posts without one of these tags keep the others.'
      }
      footer={
        <Button
          variant="primary"
          disabled={names.length === 0}
          onClick={() =>
            onRun(
              adding
                ? { change: { add_tag_names: names }, doing: 'Tagging', done: 'tagged' }
                : { change: { remove_tag_names: names }, doing: 'Untagging', done: 'untagged' },
            )
          }
        >
          {adding ? 'Add tags' : 'Remove tags'}
        </Button>
      }
    >
      <Field label="Tags">
        {(control) => (
          <TagPicker id={control.id} labelId={control.labelId} values={names} onChange={setNames} />
        )}
      </Field>
    </Dialog>
  );
}
