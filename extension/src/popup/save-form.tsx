import { useMutation, useQuery } from '@tanstack/react-query';
import { ExternalLink, TriangleAlert } from 'lucide-react';
import { useMemo, useState, type SubmitEvent } from 'react';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { POST_DESCRIPTION_MAX, POST_TITLE_MAX, postEndpoints } from '../../../contract/posts.ts';
import { tagEndpoints } from '../../../contract/tags.ts';
import {
  asTreeListing,
  collectionOptions,
  UNCATEGORIZED_ID,
} from '../../../web/src/features/collections/collection-tree.ts';
import { TagInput } from '../../../web/src/features/tags/tag-input.tsx';
import { Button, buttonClasses } from '../../../web/src/ui/button.tsx';
import { Field } from '../../../web/src/ui/field.tsx';
import { FormAlert } from '../../../web/src/ui/form-alert.tsx';
import { controlClasses } from '../../../web/src/ui/input.tsx';
import { TextField } from '../../../web/src/ui/text-field.tsx';
import { TreeSelect } from '../../../web/src/ui/tree-select.tsx';
import { createApiClient, describeFailure } from '../api-client.ts';
import { type Capture, isSaveableUrl, postBodyFor, titleOfPage } from '../capture.ts';
import { findDuplicates, postPageUrl } from '../duplicates.ts';
import { loadLastCollectionId, saveLastCollectionId, type Settings } from '../settings.ts';

/** A link styled as a button, opening a page of the web app in a new tab. */
function WebAppLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={buttonClasses('secondary', 'sm', 'self-start')}
    >
      <ExternalLink aria-hidden />
      {children}
    </a>
  );
}

/**
 * The popup's form: title, collection, tags and note (the selected text) of the page to save, a
 * warning when the user saved this address before ("Already saved in {collection}", with a link
 * to it), and after saving a link to the new post.
 */
export function SaveForm({
  settings,
  capture,
  onOpenOptions,
}: {
  settings: Settings;
  capture: Capture;
  onOpenOptions: () => void;
}) {
  const api = useMemo(() => createApiClient(settings), [settings]);
  const saveable = isSaveableUrl(capture.url);
  const [title, setTitle] = useState(titleOfPage(capture.title));
  const [note, setNote] = useState(capture.note);
  const [tagNames, setTagNames] = useState<string[]>([]);
  const [chosenCollection, setChosenCollection] = useState<number>();

  const collections = useQuery({
    queryKey: ['collections'],
    queryFn: async () =>
      asTreeListing((await api(collectionEndpoints.list, { query: { nested: true } })).data)
        .collections,
  });
  const tags = useQuery({
    queryKey: ['tags'],
    queryFn: async () => (await api(tagEndpoints.list)).data.map((tag) => tag.name),
  });
  const lastCollection = useQuery({ queryKey: ['last-collection'], queryFn: loadLastCollectionId });
  const duplicates = useQuery({
    queryKey: ['duplicates', capture.url],
    queryFn: () => findDuplicates(api, capture.url),
    enabled: saveable,
  });
  const save = useMutation({
    mutationFn: async (collectionId: number) => {
      const post = await api(postEndpoints.create, {
        body: postBodyFor({ ...capture, title, note }, collectionId, tagNames),
      });
      await saveLastCollectionId(collectionId);
      return post.data;
    },
  });

  const options = collectionOptions(collections.data ?? [], { uncategorized: true });
  const remembered = lastCollection.data ?? UNCATEGORIZED_ID;
  const collectionId =
    chosenCollection ??
    (options.some((option) => option.value === remembered) ? remembered : UNCATEGORIZED_ID);
  const collectionName = (id: number) =>
    options.find((option) => option.value === id)?.label ?? 'a collection';

  if (!saveable) {
    return (
      <FormAlert>
        This page cannot be saved: only web pages (http and https addresses) can.
      </FormAlert>
    );
  }
  if (collections.isError) {
    return (
      <>
        <FormAlert>{describeFailure(collections.error, settings.serverUrl)}</FormAlert>
        <Button onClick={onOpenOptions}>Check the options</Button>
      </>
    );
  }
  if (save.isSuccess) {
    return (
      <div className="flex flex-col gap-3">
        <FormAlert tone="success">Saved to {collectionName(save.variables)}.</FormAlert>
        <WebAppLink href={postPageUrl(settings.serverUrl, save.data.id)}>
          Open in Nestmark
        </WebAppLink>
      </div>
    );
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(collectionId);
  }

  const duplicate = duplicates.data?.[0];
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {duplicate && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-accent/40 bg-accent-soft px-3.5 py-3 text-sm text-fg"
        >
          <p className="flex items-start gap-2 font-medium">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-text" />
            Already saved in {duplicate.collectionName}
          </p>
          <WebAppLink href={postPageUrl(settings.serverUrl, duplicate.id)}>Open it</WebAppLink>
        </div>
      )}
      <div className="flex flex-col gap-1">
        <TextField
          label="Title"
          value={title}
          onChange={setTitle}
          maxLength={POST_TITLE_MAX}
          placeholder="Title"
        />
        <p className="truncate text-xs text-fg-subtle" title={capture.url}>
          {capture.url}
        </p>
      </div>
      <Field label="Collection">
        {(control) => (
          <TreeSelect
            id={control.id}
            labelId={control.labelId}
            options={options}
            value={collectionId}
            onChange={setChosenCollection}
            disabled={collections.isPending}
          />
        )}
      </Field>
      <Field label="Tags">
        {(control) => (
          <TagInput
            id={control.id}
            labelId={control.labelId}
            known={tags.data ?? []}
            values={tagNames}
            onChange={setTagNames}
          />
        )}
      </Field>
      <Field label="Note">
        {(control) => (
          <textarea
            id={control.id}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={POST_DESCRIPTION_MAX}
            rows={3}
            placeholder="Selected text goes here"
            className={`${controlClasses} resize-y py-2`}
          />
        )}
      </Field>
      {save.isError && <FormAlert>{describeFailure(save.error, settings.serverUrl)}</FormAlert>}
      <Button type="submit" variant="primary" busy={save.isPending} disabled={save.isPending}>
        Save
      </Button>
    </form>
  );
}
