import type { z } from 'zod';
import { POST_DESCRIPTION_MAX, POST_TITLE_MAX, type createPostBody } from '../../contract/posts.ts';

/** What the popup saves: a page or a link, its title and the user's note. */
export interface Capture {
  url: string;
  /** The page's title; empty for a link from the context menu (the link preview finds it). */
  title: string;
  /** Selected text, as a note (the post's description). */
  note: string;
}

/** Whether a page can be saved as a link post: http(s) only (not the browser's own pages). */
export function isSaveableUrl(url: string | undefined): url is string {
  return url !== undefined && /^https?:\/\//i.test(url);
}

/**
 * Selected text as a post's note: line breaks kept (Windows ones made plain), runs of spaces,
 * tabs and no-break spaces made one space, spaces at line ends and more than one empty line in a
 * row dropped, then trimmed; cut to the description's limit with an ellipsis.
 */
export function noteFromSelection(text: string): string {
  const note = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return note.length > POST_DESCRIPTION_MAX
    ? `${note.slice(0, POST_DESCRIPTION_MAX - 1).trimEnd()}…`
    : note;
}

/** A page title as a post title: spaces made single and trimmed, cut to the title's limit. */
export function titleOfPage(title: string | undefined): string {
  return (title ?? '').replace(/\s+/g, ' ').trim().slice(0, POST_TITLE_MAX).trimEnd();
}

/**
 * The body of `POST /api/posts` for a capture: the URL as the content (a link post), the title
 * and note when there are any, the collection (0 = Uncategorized, PRODUCT.md#entities) and the
 * tags by name (created on first use).
 */
export function postBodyFor(
  capture: Capture,
  collectionId: number,
  tagNames: readonly string[],
): z.input<typeof createPostBody> {
  const title = titleOfPage(capture.title);
  const note = capture.note.trim();
  return {
    content: capture.url,
    title: title || null,
    description: note || null,
    ...(collectionId > 0
      ? { collection_id: collectionId }
      : { collection_id: null, is_uncategorized: true }),
    tag_names: [...tagNames],
  };
}
