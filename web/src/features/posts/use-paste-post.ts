import { ApiError } from '../../lib/api-client.ts';
import { logError } from '../../lib/log.ts';
import { notify } from '../../ui/notify.tsx';
import { usePastePost } from './posts.queries.ts';

/** PRODUCT.md#limits: an error text is cut at 60 characters. */
const ERROR_TEXT_MAX = 60;

/**
 * Whether this browser lets the page read the clipboard (PRODUCT.md#collection-view: Paste shows
 * only then).
 */
export function canReadClipboard(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    // Browsers leave `clipboard` out of pages not served securely.
    'clipboard' in navigator &&
    typeof navigator.clipboard.readText === 'function'
  );
}

let placeholders = 0;

/**
 * The Paste option of a collection view (PRODUCT.md#paste, #validation, #messages): the
 * clipboard's text becomes a post on top of the collection, a placeholder showing until it is
 * saved. An empty clipboard says 'Nothing to paste'; a failure 'Error {status}' with the server's
 * reason (60 characters) or 'Post could not be created.'.
 */
export function usePasteIntoCollection(collectionId: number): () => Promise<void> {
  const paste = usePastePost(collectionId);
  return async () => {
    let text = '';
    try {
      text = await navigator.clipboard.readText();
    } catch (error) {
      // Refused by the user or the browser: nothing could be read.
      logError('reading the clipboard', error);
    }
    if (!text.trim()) {
      notify({ type: 'error', title: 'Nothing to paste', description: 'Clipboard is empty.' });
      return;
    }
    placeholders += 1;
    paste.mutate(
      { text, placeholderId: -placeholders },
      {
        onError: (error) =>
          notify({
            type: 'error',
            title: error instanceof ApiError ? `Error ${error.status}` : 'Error',
            description:
              error instanceof ApiError && error.status < 500
                ? error.message.slice(0, ERROR_TEXT_MAX)
                : 'Post could not be created.',
          }),
      },
    );
  };
}
