import {
  InputRule,
  mergeAttributes,
  Node,
  nodePasteRule,
  NodeViewWrapper,
  ReactNodeViewRenderer,
  type ReactNodeViewProps,
} from '@tiptap/react';
import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state';
import { useEffect } from 'react';
import { useLinkMeta } from '../link-preview/link-preview.queries.ts';
import { Favicon } from './favicon.tsx';
import { displayDomain, isWebUrl } from './post-content.ts';

/**
 * `<https://…>` as typed or pasted (PRODUCT.md#link-schemes: a URL in angle brackets becomes an
 * unfurling link).
 */
const TYPED = /<(https?:\/\/[^\s<>]+)>$/;
const PASTED = /<(https?:\/\/[^\s<>]+)>/g;

/** The block in the editor: favicon, the page's title (fetched once), the host. */
function UnfurlingLinkView({ node, updateAttributes }: ReactNodeViewProps) {
  const href = String(node.attrs.href ?? '');
  const title = String(node.attrs.title ?? '');
  const meta = useLinkMeta(href, !title && isWebUrl(href));
  const found = meta.data?.title;
  useEffect(() => {
    if (!title && found) updateAttributes({ title: found });
  }, [title, found, updateAttributes]);
  return (
    <NodeViewWrapper data-drag-handle contentEditable={false} className="unfurling-link">
      <Favicon url={href} className="unfurling-link-icon" />
      <span className="unfurling-link-title">{title || (meta.isFetching ? 'Loading…' : href)}</span>
      <span className="unfurling-link-host">{displayDomain(href)}</span>
    </NodeViewWrapper>
  );
}

/**
 * Puts the text cursor after a link block just made from typing, so that the next keys go on
 * writing instead of replacing the block (selected, it would be): into the paragraph after it, or
 * a new empty one when it ends the document or a block follows.
 */
function continueAfterBlock(tr: Transaction): boolean {
  if (!(tr.selection instanceof NodeSelection) || tr.selection.node.type.name !== UNFURLING_LINK) {
    return true;
  }
  const after = tr.selection.to;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock) {
    tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
  }
  tr.setSelection(TextSelection.create(tr.doc, after + 1));
  return true;
}

/** The node's name, for `insertContent({ type: UNFURLING_LINK, attrs: { href, title } })`. */
export const UNFURLING_LINK = 'unfurlingLink';

/**
 * The unfurling-link block of PRODUCT.md#rich-content: stored as `<unfurling-link href data-title>`
 * (the server's sanitizer keeps exactly those), shown with favicon and title. Typing or pasting a
 * URL in angle brackets makes one; its title comes from GET /api/meta.
 */
export const UnfurlingLink = Node.create({
  name: UNFURLING_LINK,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      href: { default: null },
      title: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-title') ?? '',
        renderHTML: (attributes: { title: string }) => ({ 'data-title': attributes.title }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'unfurling-link[href]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['unfurling-link', mergeAttributes(HTMLAttributes)];
  },

  addNodeView() {
    return ReactNodeViewRenderer(UnfurlingLinkView);
  },

  addInputRules() {
    return [
      new InputRule({
        find: TYPED,
        handler: ({ range, match, chain }) => {
          chain()
            .deleteRange(range)
            .insertContentAt(range.from, { type: this.name, attrs: { href: match[1], title: '' } })
            .command(({ tr }) => continueAfterBlock(tr))
            .run();
        },
      }),
    ];
  },

  addPasteRules() {
    return [
      nodePasteRule({
        find: PASTED,
        type: this.type,
        getAttributes: (match) => ({ href: match[1], title: '' }),
      }),
    ];
  },
});
