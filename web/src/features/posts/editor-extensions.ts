import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import TaskItem from '@tiptap/extension-task-item';
import TaskList from '@tiptap/extension-task-list';
import StarterKit from '@tiptap/starter-kit';
import { LINK_SCHEMES } from '../../../../contract/posts.ts';
import { UnfurlingLink } from './unfurling-link.tsx';

/**
 * The editor's content features, for the post editor and inline editing: PRODUCT.md#rich-content
 * (marks, headings, lists with task items, code, quotes, rules, images without data: URLs, links
 * of the PRODUCT.md#link-schemes, unfurling links) and PRODUCT.md#limits undo depth 100 with
 * a new step after 500 ms.
 */
export function editorExtensions({ placeholder }: { placeholder: string }) {
  return [
    StarterKit.configure({
      undoRedo: { depth: 100, newGroupDelay: 500 },
      link: {
        openOnClick: false,
        protocols: LINK_SCHEMES,
        isAllowedUri: (url, { defaultValidate }) =>
          defaultValidate(url) &&
          LINK_SCHEMES.some((scheme) => url.toLowerCase().startsWith(`${scheme}:`)),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
      },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Image.configure({ allowBase64: false }),
    UnfurlingLink,
    Placeholder.configure({ placeholder }),
  ];
}

/** Attributes of the editable area: announced as a multi-line text box named Content. */
export function editorAttributes(className: string) {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': 'Content',
    class: `rich-content ${className}`,
  };
}
