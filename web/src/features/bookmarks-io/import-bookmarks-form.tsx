import { clsx } from 'clsx';
import { FileUp, Upload } from 'lucide-react';
import type { DragEvent, SubmitEvent } from 'react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DuplicateMode } from '../../../../contract/bookmarks-io.ts';
import { Button } from '../../ui/button.tsx';
import { notify } from '../../ui/notify.tsx';
import { RadioCard } from '../../ui/radio-card.tsx';
import { TreeSelect } from '../../ui/tree-select.tsx';
import { collectionOptions } from '../collections/collection-tree.ts';
import { useCollectionTree } from '../collections/collections.queries.ts';
import { useStartImport } from './bookmarks-io.queries.ts';
import { failureNotice } from './failure-notice.ts';

/** The collection name a new import gets: the file name without its extension (as the server does). */
function baseName(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').trim() || 'Imported bookmarks';
}

/**
 * Upload of a bookmarks file (PRODUCT.md#import-and-export): a file picker that also takes a
 * dropped file, where it goes (a new collection named after the file, or an existing one) and what
 * to do with links already there. The import then runs as a job: the page moves to its progress
 * (`?job={id}`). A refused file tells the status and the server's reason (PRODUCT.md#messages).
 */
export function ImportBookmarksForm() {
  const navigate = useNavigate();
  const start = useStartImport();
  const tree = useCollectionTree();
  const targetLabelId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [collectionId, setCollectionId] = useState<number | null>(null);
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [targetError, setTargetError] = useState<string | null>(null);
  const options = collectionOptions(tree.data?.collections ?? []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || start.isPending) return;
    if (target === 'existing' && collectionId === null) {
      setTargetError('Choose the collection to import into.');
      return;
    }
    try {
      const job = await start.mutateAsync({
        file,
        collectionId: target === 'existing' ? (collectionId ?? undefined) : undefined,
        duplicates,
      });
      await navigate(`/import/bookmarks?job=${job.id}`);
    } catch (error) {
      notify(failureNotice(error));
    }
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={clsx(
          'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          dragging
            ? 'border-accent bg-accent-soft'
            : 'border-line-strong hover:border-fg-subtle hover:bg-surface-muted/60',
        )}
      >
        <FileUp aria-hidden className="size-8 text-fg-subtle" />
        <span className="font-medium break-all">
          {file ? file.name : 'Choose a bookmarks file'}
        </span>
        <span className="text-sm text-fg-muted">
          {file
            ? `${Math.max(1, Math.round(file.size / 1024)).toLocaleString('en')} KB · click to choose another`
            : 'or drop it here (.html, .json or .csv)'}
        </span>
        <input
          type="file"
          name="file"
          accept=".html,.htm,.json,.csv,text/html,application/json,text/csv"
          aria-label="Bookmarks file"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="sr-only"
        />
      </label>

      <fieldset className="flex flex-col gap-2.5">
        <legend className="mb-2.5 text-sm font-medium text-fg">Import into</legend>
        <RadioCard
          name="target"
          value="new"
          checked={target === 'new'}
          onChange={() => setTarget('new')}
          title="A new collection"
          description={
            file ? `“${baseName(file.name)}”, named after the file` : 'Named after the file'
          }
        />
        <RadioCard
          name="target"
          value="existing"
          checked={target === 'existing'}
          onChange={() => {
            setTarget('existing');
            setTargetError(null);
          }}
          title="An existing collection"
          description="Folders of the file join its sub-collections of the same name."
        >
          <span id={targetLabelId} className="sr-only">
            Collection to import into
          </span>
          <TreeSelect
            labelId={targetLabelId}
            options={options}
            value={collectionId}
            onChange={(value) => {
              setCollectionId(value);
              setTargetError(null);
            }}
            placeholder={options.length > 0 ? 'Choose a collection' : 'You have no collections yet'}
            describedBy={targetError ? `${targetLabelId}-error` : undefined}
          />
          {targetError && (
            <p
              id={`${targetLabelId}-error`}
              role="alert"
              className="mt-1.5 text-sm font-medium text-danger-text"
            >
              {targetError}
            </p>
          )}
        </RadioCard>
      </fieldset>

      <fieldset className="flex flex-col gap-2.5">
        <legend className="mb-2.5 text-sm font-medium text-fg">Links that are already there</legend>
        <RadioCard
          name="duplicates"
          value="skip"
          checked={duplicates === 'skip'}
          onChange={() => setDuplicates('skip')}
          title="Skip them"
          description="Each address once: repeats in the file and links already in the collection are left out and listed afterwards."
        />
        <RadioCard
          name="duplicates"
          value="keep"
          checked={duplicates === 'keep'}
          onChange={() => setDuplicates('keep')}
          title="Import them anyway"
          description="Every entry of the file becomes a post; duplicates are still listed afterwards."
        />
      </fieldset>

      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={!file} busy={start.isPending}>
          {!start.isPending && <Upload aria-hidden />}
          Import
        </Button>
      </div>
    </form>
  );
}
