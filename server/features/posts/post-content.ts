import { escapeText } from 'entities/escape';
import type * as Htmlparser2 from 'htmlparser2';
import type sanitizeHtml from 'sanitize-html';
import { LINK_SCHEMES, type PostType } from '../../../contract/posts.ts';
import { loadLater } from '../../lib/load-later.ts';

/*
 * sanitize-html and htmlparser2, with the entity tables they load, are required with the first
 * post content sanitised or read rather than at start: together about a tenth of a start
 * (docs/OPERATIONS.md#start-time-and-memory).
 */
const sanitizer = loadLater<typeof sanitizeHtml>('sanitize-html');
const htmlparser2 = loadLater<typeof Htmlparser2>('htmlparser2');

const LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' };

/**
 * The allowlist of PRODUCT.md#rich-content: marks, headings 1–6, lists with task items, code,
 * blockquote, rule, images (no data: URLs), links that open in a new tab without opener or
 * referrer, and the unfurling-link block. Everything else is dropped, its text kept.
 */
const richContent: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'label',
    'input',
    'div',
    'span',
    'hr',
    'img',
    'a',
    'unfurling-link',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    'unfurling-link': ['href', 'data-title'],
    // Task lists as Tiptap writes them; attribute values outside these are dropped.
    ul: [{ name: 'data-type', multiple: false, values: ['taskList'] }],
    ol: ['start'],
    li: [
      { name: 'data-type', multiple: false, values: ['taskItem'] },
      { name: 'data-checked', multiple: false, values: ['true', 'false'] },
    ],
    input: [
      { name: 'type', multiple: false, values: ['checkbox'] },
      { name: 'checked', multiple: false, values: ['checked', ''] },
    ],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...LINK_ATTRIBUTES } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/** `html` reduced to the PRODUCT.md#rich-content allowlist; safe to render as HTML. */
export function sanitizeContent(html: string): string {
  return sanitizer()(html, richContent).trim();
}

const INLINE_TAGS = new Set(['a', 'b', 'strong', 'em', 'i', 'u', 's', 'code', 'span', 'label']);

/** The text of `html`: tags removed, entities decoded, block elements separated by newlines. */
export function textOf(html: string): string {
  // Without a tag or an entity the text is the input itself, and the parser is skipped: a link
  // post's content is mostly its URL, and an import works out 100,000 of them.
  if (!/[<&]/.test(html)) return html;
  let text = '';
  const boundary = (name: string) => {
    if (!INLINE_TAGS.has(name)) text += '\n';
  };
  const parser = new (htmlparser2().Parser)(
    { ontext: (chunk) => (text += chunk), onopentag: boundary, onclosetag: boundary },
    { decodeEntities: true },
  );
  parser.end(html);
  return text;
}

/** The text of `html` on one line: blocks joined, runs of white space made one space. */
export function plainTextOf(html: string): string {
  return textOf(html).replace(/\s+/g, ' ').trim();
}

/** Longest title a note gets from its first line when it has none. */
const NOTE_TITLE_MAX = 80;

/**
 * What a text note is called where a title is needed (a bookmark export, a feed entry): its
 * title, else the first line of its text (at most 80 characters), else "Note".
 */
export function noteTitle(title: string | null, text: string): string {
  const firstLine = text.trim().split('\n', 1)[0]!.trim().slice(0, NOTE_TITLE_MAX);
  return title?.trim() || firstLine || 'Note';
}

export interface Classification {
  type: PostType;
  /** The link of a link post. */
  url: string | null;
}

/**
 * A post whose content, tags stripped, is nothing but one http(s) URL is a link post;
 * anything else is a text post (PRODUCT.md#post).
 */
export function classifyContent(html: string): Classification {
  const text = textOf(html).trim();
  if (/^https?:\/\/\S+$/i.test(text) && URL.canParse(text)) return { type: 'link', url: text };
  return { type: 'text', url: null };
}

/** `scheme://host[:port]` of a URL (PRODUCT.md#post). */
export function baseUrlOf(url: string): string {
  return new URL(url).origin;
}

/**
 * The fields a post's content decides: sanitized HTML, type, link and base URL, the title (a link
 * post without one shows its URL until the link preview finds a better one), and whether a link
 * preview is due.
 */
export function postContentFields(content: string, title: string | null | undefined) {
  const clean = sanitizeContent(content);
  const { type, url } = classifyContent(clean);
  return {
    content: clean,
    type,
    url,
    base_url: url && baseUrlOf(url),
    title: title?.trim() || url || null,
    preview_status: type === 'link' ? ('pending' as const) : null,
  };
}

/**
 * The fields of a link post whose content is nothing but `url`: what {@link postContentFields}
 * gives for the URL as escaped text, without running the sanitizer, which would dominate an
 * import of 100,000 bookmarks. `url` must be an http(s) URL (no other scheme); its serialisation
 * has no whitespace or markup. A test holds the two functions equal.
 */
export function linkPostFields(
  url: Pick<URL, 'href' | 'origin'>,
  title: string | null | undefined,
) {
  return {
    content: escapeText(url.href),
    type: 'link' as const,
    url: url.href,
    base_url: url.origin,
    title: title?.trim() || url.href,
    preview_status: 'pending' as const,
  };
}
