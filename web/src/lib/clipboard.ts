import { notify } from '../ui/notify.tsx';

/** Whether the page may write the clipboard: browsers leave it out of pages not served securely. */
export function canWriteClipboard(): boolean {
  return 'clipboard' in navigator && typeof navigator.clipboard.writeText === 'function';
}

/**
 * Puts `text` on the clipboard and says how it went: 'Copied' with `copied`, or 'Error' with
 * `failed` when the browser refused.
 */
export async function copyToClipboard(
  text: string,
  { copied, failed }: { copied: string; failed: string },
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ type: 'success', title: 'Copied', description: copied });
  } catch {
    notify({ type: 'error', title: 'Error', description: failed });
  }
}
