import type { Post } from '../../../../contract/posts.ts';

/**
 * PRODUCT.md#validation: content that is one single paragraph is saved without the wrapping
 * `<p></p>` (so a pasted link is stored as the bare link and becomes a link post).
 */
export function stripSingleParagraph(html: string): string {
  const trimmed = html.trim();
  const match = /^<p(?:\s[^>]*)?>([\s\S]*)<\/p>$/.exec(trimmed);
  if (!match) return trimmed;
  const inner = match[1] ?? '';
  return /<\/?p[\s>]/.test(inner) ? trimmed : inner;
}

/**
 * Whether editor HTML holds nothing worth saving (PRODUCT.md#validation: saving silently aborts):
 * no text other than whitespace, and no rule, image or unfurling link.
 */
export function isBlankContent(html: string): boolean {
  if (/<(hr|img|unfurling-link)[\s/>]/i.test(html)) return false;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ');
  return text.trim() === '';
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Editor content for a share-target payload (PRODUCT.md#post-editor: query params `text` and
 * `url`): one paragraph each, the text first; the URL is left out when the text already contains
 * it.
 */
export function prefillContent({
  text,
  url,
}: {
  text?: string | null;
  url?: string | null;
}): string {
  const parts = [text?.trim(), url?.trim()].filter((part): part is string => Boolean(part));
  if (parts.length === 2 && parts[0]!.includes(parts[1]!)) parts.pop();
  return parts.map((part) => `<p>${escapeHtml(part)}</p>`).join('');
}

/** Whether `url` is an http(s) address, safe to put in a link's href. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

/**
 * Characters that stay percent-encoded when a URL is shown: spaces, controls, invisible and
 * direction-changing characters, which would hide where the address really leads.
 */
const KEEP_ENCODED = /[\s\p{Cc}\p{Cf}]/gu;

/**
 * A URL as a person reads it (PRODUCT.md#post-card): percent-encoded UTF-8 decoded, as browsers
 * show an IRI (`/wiki/東京` rather than `/wiki/%E6%9D%B1%E4%BA%AC`). Reserved characters (`%2F`,
 * `%3F`, …), spaces and invisible characters stay encoded; a malformed escape leaves the URL as
 * it is. Only for display: links keep the stored URL.
 */
export function displayUrl(url: string): string {
  let decoded: string;
  try {
    decoded = decodeURI(url);
  } catch {
    return url;
  }
  return decoded.replace(KEEP_ENCODED, (character) => encodeURIComponent(character));
}

/** `example.com` for a post's link: the host without a leading `www.`; empty when unparsable. */
export function displayDomain(url: string | null | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** The domain a link card shows: of the page's base URL, else of its URL, else the URL. */
export function linkDomain(post: Pick<Post, 'url' | 'content' | 'base_url'>): string {
  const url = post.url ?? post.content;
  return displayDomain(post.base_url ?? url) || url;
}

/**
 * What a post is called (its card's title, a check box's label, a drag announcement): its title,
 * else 'Untitled note' for a note. A link whose title is empty or only its URL (the server's
 * stand-in until a preview finds a better one, kept when the page cannot be read) is called by
 * its domain, so the card does not show the URL twice (PRODUCT.md#post-card).
 */
export function postName(
  post: Pick<Post, 'title' | 'type' | 'url' | 'content' | 'base_url'>,
): string {
  if (post.type !== 'link') return post.title || 'Untitled note';
  const url = post.url ?? post.content;
  return post.title && post.title !== url ? post.title : linkDomain(post);
}

/**
 * Black or white, whichever reads better on the background `hex` (#rgb or #rrggbb); undefined
 * for anything else, so the caller falls back to its own colours.
 */
export function readableTextOn(hex: string): '#1c1917' | '#ffffff' | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? match[1]!.replace(/./g, '$&$&') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white is (1.05)/(L+0.05), with near-black (L+0.05)/0.06; pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.06 ? '#ffffff' : '#1c1917';
}

/**
 * Post content for pasted plain text (PRODUCT.md#paste): one line is kept as it is (escaped), so a
 * pasted URL becomes a link post; several lines become one paragraph each.
 */
export function contentFromPlainText(text: string): string {
  const lines = text
    .trim()
    .split(/\r\n?|\n/)
    .map((line) => line.trim());
  if (lines.length === 1) return escapeHtml(lines[0]!);
  return lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '<p></p>')).join('');
}

/**
 * Where Nestmark serves the favicon of a link's host (cached by the server, never loaded from a
 * third-party icon service); undefined when the link is not an http(s) URL. The server serves
 * it to the session cookie, or in the public view to the `shareToken` carried in the query.
 */
export function faviconPathOf(
  url: string | null | undefined,
  shareToken?: string,
): string | undefined {
  if (!url || !isWebUrl(url)) return undefined;
  try {
    const path = `/api/favicons/${new URL(url).host.toLowerCase()}`;
    return shareToken ? `${path}?token=${encodeURIComponent(shareToken)}` : path;
  } catch {
    return undefined;
  }
}

/**
 * How a post's task lists behave where it is shown (PRODUCT.md#post-card): `toggle` where the
 * user may change the post (a click ticks the task and saves), else `read-only` (the boxes are
 * disabled, so nothing seems to change that is not saved).
 */
export type TaskMode = 'toggle' | 'read-only';

/** A task item as Tiptap writes it: `<li data-checked><label><input type=checkbox>…`. */
const TASK_ITEM = 'li[data-checked]';

/**
 * Post HTML (sanitized by the server) ready to show: each `<unfurling-link href data-title>`
 * becomes a link block with the favicon, the title and the host (PRODUCT.md#rich-content), opening
 * in a new tab like every link; each task's check box is named by the task's text and, unless
 * `tasks` is `toggle`, disabled. Parsed with DOMParser, which runs nothing.
 */
export function renderRichContent(
  html: string,
  { shareToken, tasks = 'read-only' }: { shareToken?: string; tasks?: TaskMode } = {},
): string {
  const hasLinks = html.includes('<unfurling-link');
  const hasTasks = html.includes('data-checked');
  if (!hasLinks && !hasTasks) return html;
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  if (hasLinks) renderLinkBlocks(document, shareToken);
  for (const item of document.querySelectorAll(TASK_ITEM)) {
    const box = item.querySelector(':scope > label > input[type="checkbox"]');
    if (!box) continue;
    const text = item.querySelector(':scope > div')?.textContent.trim();
    box.setAttribute('aria-label', text ? text.slice(0, 120) : 'Task');
    if (tasks === 'read-only') box.setAttribute('disabled', '');
  }
  return document.body.innerHTML;
}

/** The link blocks of {@link renderRichContent}, in place. */
function renderLinkBlocks(document: Document, shareToken: string | undefined): void {
  for (const element of [...document.querySelectorAll('unfurling-link')]) {
    const href = element.getAttribute('href') ?? '';
    const link = document.createElement('a');
    link.className = 'unfurling-link';
    link.target = '_blank';
    link.rel = 'noopener noreferrer nofollow';
    if (isWebUrl(href)) link.href = href;
    const favicon = faviconPathOf(href, shareToken);
    if (favicon) {
      const icon = document.createElement('img');
      icon.className = 'unfurling-link-icon';
      icon.src = favicon;
      icon.alt = '';
      icon.loading = 'lazy';
      link.append(icon);
    }
    const title = document.createElement('span');
    title.className = 'unfurling-link-title';
    title.textContent = element.getAttribute('data-title') || href;
    const host = document.createElement('span');
    host.className = 'unfurling-link-host';
    host.textContent = displayDomain(href);
    link.append(title, host);
    element.replaceWith(link);
  }
}

/**
 * The index of the task whose check box or label `target` is, among the task items inside
 * `container` (as {@link toggleTask} counts them); undefined for anything else.
 */
export function taskIndexOf(container: Element, target: Element): number | undefined {
  const item = target.closest(`${TASK_ITEM} > label`)?.parentElement;
  if (!item || !container.contains(item)) return undefined;
  return [...container.querySelectorAll(TASK_ITEM)].indexOf(item);
}

/**
 * The post's stored HTML with task `index` (in document order) ticked or unticked: `data-checked`
 * and the box's `checked` flip together, as Tiptap writes them. Unchanged for an index out of range.
 */
export function toggleTask(html: string, index: number): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const item = document.querySelectorAll(TASK_ITEM)[index];
  if (!item) return html;
  const checked = item.getAttribute('data-checked') !== 'true';
  item.setAttribute('data-checked', String(checked));
  const box = item.querySelector(':scope > label > input[type="checkbox"]');
  if (checked) box?.setAttribute('checked', 'checked');
  else box?.removeAttribute('checked');
  return document.body.innerHTML;
}
