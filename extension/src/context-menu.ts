/**
 * What names the page a popup saves: the tab (`tab`), and from the context menu the link
 * (`link`) or the selected text (`selection`). The popup opened by the toolbar button or the
 * shortcut has none of them and saves the active tab of its window.
 */
export interface CaptureRequest {
  tabId?: number;
  link?: string;
  selection?: string;
}

/** The context menu's items, by id. */
export const MENU_ITEMS = {
  'save-link': { title: 'Save link to Nestmark', context: 'link' },
  'save-selection': { title: 'Save selection to Nestmark', context: 'selection' },
} as const satisfies Record<
  string,
  { title: string; context: `${chrome.contextMenus.ContextType}` }
>;

/** What a click on a menu item asks the popup to save. */
export function captureRequestOfClick(
  info: Pick<chrome.contextMenus.OnClickData, 'menuItemId' | 'linkUrl' | 'selectionText'>,
  tabId: number | undefined,
): CaptureRequest {
  const request: CaptureRequest = {};
  if (tabId !== undefined && tabId >= 0) request.tabId = tabId;
  if (info.menuItemId === 'save-link' && info.linkUrl) request.link = info.linkUrl;
  if (info.selectionText) request.selection = info.selectionText;
  return request;
}

/** The popup's address for a capture request (the context menu opens it in a small window). */
export function popupPathFor(request: CaptureRequest): string {
  const query = new URLSearchParams();
  if (request.tabId !== undefined) query.set('tab', String(request.tabId));
  if (request.link) query.set('link', request.link);
  if (request.selection) query.set('selection', request.selection);
  const search = query.toString();
  return search ? `popup.html?${search}` : 'popup.html';
}

/** The capture request in a popup's query string (see {@link popupPathFor}). */
export function captureRequestOf(search: string): CaptureRequest {
  const query = new URLSearchParams(search);
  const request: CaptureRequest = {};
  const tab = query.get('tab');
  if (tab !== null && /^\d+$/.test(tab)) request.tabId = Number(tab);
  const link = query.get('link');
  if (link) request.link = link;
  const selection = query.get('selection');
  if (selection) request.selection = selection;
  return request;
}
