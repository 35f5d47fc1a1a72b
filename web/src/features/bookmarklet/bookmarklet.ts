/**
 * The path the bookmarklet opens: the post editor of Uncategorized, the app's share target
 * (PRODUCT.md#post-editor), which prefills a post from `title`, `text` and `url`.
 */
export const SHARE_TARGET_PATH = '/c/0/p/create';

/**
 * The bookmarklet "Save to Nestmark" (PRODUCT.md#bookmarklet) for the app at `origin`: a
 * `javascript:` URL which, run on any page, opens Nestmark's post editor in a new tab, prefilled
 * with the page's address, its title and the text selected on it (as the note); where the browser
 * blocks the new tab, the page itself goes to the editor.
 *
 * The code runs in the visited page, not in Nestmark, so Nestmark's content security policy
 * does not apply to it. It is percent-encoded whole, as a URL must be; the browser decodes it
 * before running it.
 */
export function bookmarkletUrl(origin: string): string {
  const editor = JSON.stringify(`${origin}${SHARE_TARGET_PATH}`);
  const code = [
    '(function(){',
    "var s=String(window.getSelection?window.getSelection():'').trim();",
    `var u=${editor}+'?url='+encodeURIComponent(location.href)`,
    "+'&title='+encodeURIComponent(document.title)",
    "+(s?'&text='+encodeURIComponent(s):'');",
    "if(!window.open(u,'_blank'))location.href=u;",
    '})();',
  ].join('');
  return `javascript:${encodeURIComponent(code)}`;
}
