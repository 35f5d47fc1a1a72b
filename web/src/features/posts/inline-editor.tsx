import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { notify } from '../../ui/notify.tsx';
import { editorAttributes, editorExtensions } from './editor-extensions.ts';
import { isBlankContent, stripSingleParagraph } from './post-content.ts';
import { useUpdatePost } from './posts.queries.ts';

const extensions = editorExtensions({ placeholder: 'Write something' });

/**
 * A note's content edited in place on its card (PRODUCT.md#inline-edit): a click anywhere outside
 * (or Escape) ends editing and saves what changed; the card shows a spinner until the server has
 * it, and 'Error' / 'Post could not be updated.' if it refused. Empty content is not saved.
 */
export function InlineEditor({ post, onDone }: { post: Post; onDone: () => void }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const updatePost = useUpdatePost();
  const editor = useEditor({
    extensions,
    content: post.content,
    autofocus: 'end',
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: editorAttributes(
        'rounded-lg text-[0.9375rem] outline-2 outline-offset-4 outline-ring/50',
      ),
    },
  });
  const finished = useRef(false);
  const latest = useRef({ post, onDone, editor, updatePost });
  useEffect(() => {
    latest.current = { post, onDone, editor, updatePost };
  });

  useEffect(() => {
    async function finish() {
      if (finished.current) return;
      finished.current = true;
      const { post: current, onDone: done, editor: instance, updatePost: update } = latest.current;
      instance.setEditable(false);
      const content = stripSingleParagraph(instance.getHTML());
      if (!isBlankContent(content) && content !== current.content) {
        try {
          await update.mutateAsync({ id: current.id, body: { content } });
        } catch {
          notify({ type: 'error', title: 'Error', description: 'Post could not be updated.' });
        }
      }
      done();
    }
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      // Menus and dialogs of the editor itself render in portals; they are not "outside".
      const inPortal =
        target instanceof Element &&
        target.closest('[data-radix-popper-content-wrapper],[role="dialog"]') !== null;
      if (!wrapper.current?.contains(target) && !inPortal) void finish();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') void finish();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    wrapper.current?.addEventListener('keydown', onKeyDown);
    const element = wrapper.current;
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      element?.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <div ref={wrapper}>
      <EditorContent editor={editor} />
    </div>
  );
}
