import { captureRequestOfClick, MENU_ITEMS, popupPathFor } from './context-menu.ts';

/*
 * The background (a service worker in Chromium, an event page in Firefox): the context menu items
 * "Save link to Nestmark" and "Save selection to Nestmark", each opening the popup in a small
 * window for the link or the selection, where the user picks the collection and tags. The
 * shortcut opens the toolbar popup itself (`_execute_action` in the manifest).
 */

/** The popup window's size: the toolbar popup's width, tall enough for the whole form. */
const POPUP_WINDOW = { width: 400, height: 640 };

chrome.runtime.onInstalled.addListener(() => {
  void chrome.contextMenus.removeAll().then(() => {
    for (const [id, item] of Object.entries(MENU_ITEMS)) {
      chrome.contextMenus.create({ id, title: item.title, contexts: [item.context] });
    }
  });
});
chrome.contextMenus.onClicked.addListener((info, tab) => {
  const path = popupPathFor(captureRequestOfClick(info, tab?.id));
  void chrome.windows.create({ url: chrome.runtime.getURL(path), type: 'popup', ...POPUP_WINDOW });
});
