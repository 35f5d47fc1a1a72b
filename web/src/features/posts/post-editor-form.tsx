import { EditorContent } from '@tiptap/react';
import { useCollectionTree } from '../collections/collections.queries.ts';
import { collectionOptions } from '../collections/collection-tree.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TreeSelect } from '../../ui/tree-select.tsx';
import { DuplicateLinkWarning } from './duplicate-link-warning.tsx';
import { EditorToolbar } from './editor-toolbar.tsx';
import { TagPicker } from './tag-picker.tsx';
import type { PostEditorState } from './use-post-editor.ts';

/**
 * The fields of the post editor (PRODUCT.md#post-editor): title, the collection it goes to
 * (Uncategorized included), tags, the formatting toolbar and the content, and for a new post the
 * warning that its link is already saved. Enter in the title moves on to the content.
 */
export function PostEditorForm({ state }: { state: PostEditorState }) {
  const tree = useCollectionTree();
  const options = collectionOptions(tree.data?.collections ?? [], { uncategorized: true });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_16rem] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="post-title" className="sr-only">
            Title
          </label>
          <input
            id="post-title"
            placeholder="Title"
            autoComplete="off"
            value={state.title}
            onChange={(event) => state.setTitle(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              state.editor.commands.focus('start');
            }}
            className="h-12 w-full rounded-lg border border-transparent bg-transparent px-1 text-2xl font-semibold tracking-tight text-fg placeholder:text-fg-subtle hover:border-line focus-visible:border-line-strong focus-visible:bg-surface"
          />
        </div>
        <Field label="Collection">
          {(control) => (
            <TreeSelect
              id={control.id}
              labelId={control.labelId}
              options={options}
              value={state.collectionId}
              onChange={state.setCollectionId}
              placeholder="Uncategorized"
            />
          )}
        </Field>
      </div>
      <Field label="Tags">
        {(control) => (
          <TagPicker
            id={control.id}
            labelId={control.labelId}
            values={state.tagNames}
            onChange={state.setTagNames}
          />
        )}
      </Field>
      {state.mode === 'create' && <DuplicateLinkWarning editor={state.editor} />}
      <div className="rounded-2xl border border-line bg-surface shadow-xs">
        <div className="sticky top-14 z-10 rounded-t-2xl bg-surface">
          <EditorToolbar editor={state.editor} />
        </div>
        <EditorContent editor={state.editor} />
      </div>
      <p className="text-xs text-fg-subtle">
        Save with <kbd className="font-sans font-semibold">Ctrl + Alt + S</kbd>. A post that is only
        a link is saved as a bookmark.
      </p>
      <Dialog
        open={state.leaving.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open) state.leaving.reset?.();
        }}
        title="Discard your changes?"
        description="This post has changes that are not saved yet."
        footer={
          <>
            <Button variant="ghost" onClick={() => state.leaving.reset?.()} autoFocus>
              Keep editing
            </Button>
            <Button variant="danger" onClick={() => state.leaving.proceed?.()}>
              Discard changes
            </Button>
          </>
        }
      />
    </div>
  );
}

/** Stand-in for the editor while the post loads. */
export function PostEditorSkeleton() {
  return (
    <div aria-hidden className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_16rem] sm:items-end">
        <Skeleton className="h-12" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-[50vh] rounded-2xl" />
    </div>
  );
}

/** The editor's Save button (PRODUCT.md#post-editor: Ctrl+Alt+S saves too). */
export function SavePostButton({ state }: { state: PostEditorState }) {
  return (
    <Button
      variant="primary"
      busy={state.saving}
      onClick={() => void state.save()}
      title="Ctrl + Alt + S"
    >
      Save
    </Button>
  );
}
