import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import {
  Bold,
  Code,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListChecks,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  Underline,
  Undo2,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { notify } from '../../ui/notify.tsx';
import { useUploadImage } from '../files/files.queries.ts';
import { isWebUrl } from './post-content.ts';
import { UNFURLING_LINK } from './unfurling-link.tsx';

type TextStyle = 'paragraph' | '1' | '2' | '3';

/** PRODUCT.md#post-editor: Normal and Headline 1 to 3. */
const textStyles: { value: TextStyle; label: string }[] = [
  { value: 'paragraph', label: 'Normal' },
  { value: '1', label: 'Headline 1' },
  { value: '2', label: 'Headline 2' },
  { value: '3', label: 'Headline 3' },
];

function ToolButton({
  icon: Icon,
  label,
  shortcut,
  active,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      // Keeps the editor's selection: the command applies to what the user had selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={clsx(
        'flex size-10 shrink-0 items-center justify-center rounded-md transition-colors disabled:opacity-40 md:size-9',
        active
          ? 'bg-accent-soft text-accent-text'
          : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}

function Separator() {
  return <div aria-hidden className="mx-1 h-5 w-px shrink-0 bg-line" />;
}

/**
 * Asks for a URL and inserts an unfurling link to it (PRODUCT.md#post-editor; typing `<https://…>`
 * does the same).
 */
function UnfurlingLinkDialog({
  open,
  onOpenChange,
  onInsert,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (url: string) => void;
}) {
  const [url, setUrl] = useState('');
  const valid = isWebUrl(url) && URL.canParse(url.trim());
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Insert link preview"
      description="The link is shown as a block with the page’s title and icon."
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          onInsert(url.trim());
          setUrl('');
        }}
      >
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          URL
          <Input
            type="url"
            autoFocus
            required
            placeholder="https://"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={!valid}>
            Insert
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The formatting menu bar of the post editor (PRODUCT.md#post-editor). */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const upload = useUploadImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const [linkDialogOpen, setLinkDialogOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      style:
        (['1', '2', '3'] as const).find((level) =>
          current.isActive('heading', { level: Number(level) }),
        ) ?? 'paragraph',
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      taskList: current.isActive('taskList'),
      blockquote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  /**
   * PRODUCT.md#validation: only when a file was chosen; the image goes in once the server answered
   * 201.
   */
  async function uploadImage(file: File | undefined) {
    if (!file) return;
    try {
      const path = await upload.mutateAsync(file);
      editor.chain().focus().setImage({ src: path, alt: '' }).run();
    } catch (error) {
      notify({
        type: 'error',
        title: error instanceof ApiError ? `Error ${error.status}` : 'Error',
        description: 'Image could not be uploaded.',
      });
    }
  }

  function setStyle(style: TextStyle) {
    if (style === 'paragraph') chain().setParagraph().run();
    else
      chain()
        .setHeading({ level: Number(style) as 1 | 2 | 3 })
        .run();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      // One row: on a phone it scrolls sideways rather than taking three rows of the screen, its
      // right edge fading to say that more follows.
      className="flex items-center gap-0.5 overflow-x-auto border-b border-line px-2 py-1.5 [scrollbar-width:none] max-sm:[mask-image:linear-gradient(to_right,black_85%,transparent)] sm:flex-wrap"
    >
      <select
        aria-label="Text style"
        value={state.style}
        onChange={(event) => setStyle(event.target.value as TextStyle)}
        className="h-9 shrink-0 cursor-pointer rounded-md border-0 bg-transparent pr-7 pl-2 text-sm font-medium text-fg hover:bg-surface-muted"
      >
        {textStyles.map((style) => (
          <option key={style.value} value={style.value}>
            {style.label}
          </option>
        ))}
      </select>
      <Separator />
      <ToolButton
        icon={Bold}
        label="Bold"
        shortcut="Ctrl + B"
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        icon={Italic}
        label="Italic"
        shortcut="Ctrl + I"
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        icon={Underline}
        label="Underline"
        shortcut="Ctrl + U"
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <Separator />
      <ToolButton
        icon={List}
        label="Bullet list"
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        icon={ListOrdered}
        label="Ordered list"
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        icon={ListChecks}
        label="Task list"
        active={state.taskList}
        onClick={() => chain().toggleTaskList().run()}
      />
      <ToolButton
        icon={Quote}
        label="Blockquote"
        active={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <ToolButton
        icon={Code}
        label="Code block"
        active={state.codeBlock}
        onClick={() => chain().toggleCodeBlock().run()}
      />
      <ToolButton
        icon={Minus}
        label="Horizontal rule"
        onClick={() => chain().setHorizontalRule().run()}
      />
      <Separator />
      <ToolButton icon={Link2} label="Link preview" onClick={() => setLinkDialogOpen(true)} />
      <ToolButton
        icon={ImagePlus}
        label={upload.isPending ? 'Uploading image…' : 'Image'}
        disabled={upload.isPending}
        onClick={() => fileInput.current?.click()}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        aria-label="Image file"
        onChange={(event) => {
          void uploadImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <UnfurlingLinkDialog
        open={linkDialogOpen}
        onOpenChange={setLinkDialogOpen}
        onInsert={(href) => {
          setLinkDialogOpen(false);
          // After the dialog has handed the focus back, so the editor keeps it.
          setTimeout(() =>
            chain()
              .insertContent({ type: UNFURLING_LINK, attrs: { href, title: '' } })
              .run(),
          );
        }}
      />
      <Separator />
      <ToolButton
        icon={Undo2}
        label="Undo"
        shortcut="Ctrl + Z"
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        icon={Redo2}
        label="Redo"
        shortcut="Ctrl + Shift + Z"
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
    </div>
  );
}
