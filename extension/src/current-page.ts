import { type Capture, noteFromSelection } from './capture.ts';
import type { CaptureRequest } from './context-menu.ts';

/**
 * The text selected in a tab, read by a one-off script (`scripting` with the `activeTab` grant
 * the toolbar button, the shortcut and the context menu give). Empty when it cannot be read: the
 * browser's own pages, a grant that ran out, a PDF viewer.
 */
async function selectedText(tabId: number): Promise<string> {
  try {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () => window.getSelection()?.toString() ?? '',
    });
    return typeof result?.result === 'string' ? result.result : '';
  } catch {
    return '';
  }
}

/** The tab a capture request names, else the active tab of the popup's window. */
async function targetTab(request: CaptureRequest): Promise<chrome.tabs.Tab | undefined> {
  if (request.tabId !== undefined) {
    try {
      return await chrome.tabs.get(request.tabId);
    } catch {
      return undefined;
    }
  }
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab;
}

/**
 * What the popup saves for `request`: a link from the context menu as it is; otherwise the tab's
 * address and title. The note is the tab's selected text (line breaks kept), else the selection
 * the context menu passed.
 */
export async function captureOf(request: CaptureRequest): Promise<Capture> {
  const tab = await targetTab(request);
  const selection = (tab?.id !== undefined ? await selectedText(tab.id) : '') || request.selection;
  const note = noteFromSelection(selection ?? '');
  if (request.link) return { url: request.link, title: '', note };
  return { url: tab?.url ?? '', title: tab?.title ?? '', note };
}
