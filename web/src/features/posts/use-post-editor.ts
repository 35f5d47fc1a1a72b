import { useEditor } from '@tiptap/react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Post } from '../../../../contract/posts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useHotkey } from '../../lib/hotkeys.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { notify } from '../../ui/notify.tsx';
import { collectionPath, UNCATEGORIZED_ID } from '../collections/collection-tree.ts';
import { editorAttributes, editorExtensions } from './editor-extensions.ts';
import { isBlankContent, stripSingleParagraph } from './post-content.ts';
import type { PostWrite } from './posts.queries.ts';
import { useCreatePost, useUpdatePost } from './posts.queries.ts';
import { useDeletePostAction } from './post-actions.ts';

const extensions = editorExtensions({ placeholder: 'Write something or paste a link' });

/** Where the editor starts: an existing post (edit mode) or a prefilled new one. */
export interface PostEditorInput {
  /** The post being edited; absent in create mode. */
  post?: Post;
  title: string;
  /** HTML. */
  content: string;
  /** 0 = Uncategorized. */
  collectionId: number;
}

/**
 * State and actions of the post editor (PRODUCT.md#post-editor, #editor-saves, #validation):
 * title, target collection, tags, the Tiptap editor, Save (also Ctrl+Alt+S) and, in edit mode,
 * Delete (with Undo, PRODUCT.md#undo). After either the user goes to the post's collection; leaving otherwise with unsaved
 * changes asks first.
 */
export function usePostEditor(input: PostEditorInput) {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const deletePost = useDeletePostAction();
  const [title, setTitle] = useState(input.title);
  const [collectionId, setCollectionId] = useState(input.collectionId);
  const [tagNames, setTagNames] = useState(() => input.post?.tags?.map((tag) => tag.name) ?? []);
  // A ref, not state: a second Ctrl+Alt+S in the same tick must already see the first save.
  const busy = useRef(false);
  // The content as the editor first showed it, and whether it differs now.
  const initialHtml = useRef('');
  const [contentChanged, setContentChanged] = useState(false);
  const editor = useEditor({
    extensions,
    content: input.content,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: editorAttributes('min-h-[50vh] px-4 py-4 text-base sm:px-6') },
    onCreate: ({ editor: created }) => {
      initialHtml.current = created.getHTML();
    },
    onUpdate: ({ editor: updated }) => setContentChanged(updated.getHTML() !== initialHtml.current),
  });
  const post = input.post;
  const initialTags = input.post?.tags?.map((tag) => tag.name) ?? [];
  const dirty =
    contentChanged ||
    title !== input.title ||
    collectionId !== input.collectionId ||
    tagNames.join('\n') !== initialTags.join('\n');
  const leaving = useUnsavedChanges(dirty);

  async function save() {
    const html = editor.getHTML();
    if (busy.current || isBlankContent(html)) return;
    const isUncategorized = collectionId === UNCATEGORIZED_ID;
    const body: PostWrite = {
      title: title.trim(),
      content: stripSingleParagraph(html),
      collection_id: isUncategorized ? null : collectionId,
      is_uncategorized: isUncategorized,
      tag_names: tagNames,
    };
    busy.current = true;
    try {
      const saved = post
        ? await updatePost.mutateAsync({ id: post.id, body })
        : await createPost.mutateAsync(body);
      leaving.release();
      await navigate(collectionPath(saved.collection_id));
    } catch (error) {
      notify(
        post
          ? { type: 'error', title: 'Error', description: 'Post could not be updated.' }
          : {
              type: 'error',
              title: error instanceof ApiError ? `Error ${error.status}` : 'Error',
              description: 'Post could not be created.',
            },
      );
    } finally {
      busy.current = false;
    }
  }

  async function remove() {
    if (!post || busy.current) return;
    busy.current = true;
    try {
      if (!(await deletePost.run(post))) return;
      leaving.release();
      await navigate(collectionPath(post.collection_id));
    } finally {
      busy.current = false;
    }
  }

  useHotkey('ctrl+alt+s', () => void save());

  return {
    editor,
    mode: post ? ('edit' as const) : ('create' as const),
    title,
    setTitle,
    collectionId,
    setCollectionId,
    tagNames,
    setTagNames,
    save,
    remove,
    saving: createPost.isPending || updatePost.isPending,
    /** Asks before a page with unsaved changes is left (see `useUnsavedChanges`). */
    leaving: leaving.blocker,
    deleting: deletePost.pending,
  };
}

/** What `usePostEditor` returns, for the components that render it. */
export type PostEditorState = ReturnType<typeof usePostEditor>;
