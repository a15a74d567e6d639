// The service worker: the only part of the extension that decides what a content script receives
// (./fillGuard.ts), and where the fill the user chose waits, in memory, for its frame to ask
// (./startFill.ts). The user chooses in the popup, or by the shortcut and the context menu
// (./commandFillWorker.ts).
import { classifySender, decideFill, fillAnswer } from './fillGuard';
import { fillByCommand, FILL_MENU_ID, FILL_MENU_TITLE } from './commandFillWorker';
import { parseFillRequest } from './messages';
import { parseChooseFill } from './popupMessages';
import { chosenFills, startFill } from './startFill';
import { installSessionWorker } from './worker/sessionWorker';

// The session's duties (clipboard clear, auto-lock): ./worker/.
installSessionWorker();

chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
  const from = classifySender(sender, chrome.runtime.id);
  if (from === null) return false;
  if (from.kind === 'content-script') {
    if (parseFillRequest(raw) === null) return false;
    const decision = decideFill(chosenFills.get(from.tabId), from, Date.now());
    // A choice is used once, and a refused request for its tab spends it too: a page cannot try
    // frame after frame until one matches.
    chosenFills.delete(from.tabId);
    sendResponse(fillAnswer(decision));
    return false;
  }
  const choice = parseChooseFill(raw);
  if (choice === null) return false;
  void startFill(choice).then(sendResponse);
  return true;
});

// The shortcut (`fill-login`, Ctrl+Shift+L, changeable at chrome://extensions/shortcuts) and the
// context menu item: the user's gesture grants `activeTab` on the tab, as the toolbar button does.
chrome.commands.onCommand.addListener((command, tab) => {
  if (command === 'fill-login' && tab !== undefined) void fillByCommand(tab);
});

chrome.runtime.onInstalled.addListener(() => {
  // Menus outlive an update of the extension: made afresh, never twice.
  void chrome.contextMenus.removeAll().then(() => {
    chrome.contextMenus.create({ id: FILL_MENU_ID, title: FILL_MENU_TITLE, contexts: ['editable', 'page', 'frame'] });
  });
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === FILL_MENU_ID && tab !== undefined) void fillByCommand(tab);
});
