// The service worker: the only part of the extension that will hold the session and the vault
// key, and the only one that decides what a content script receives (./fillGuard.ts).
import { classifySender, decideFill, fillAnswer, type ChosenFill } from './fillGuard';
import { parseFillRequest, parseStateRequest, type PopupState } from './messages';

// One chosen fill per tab at most. Nothing sets one yet: choosing an item in the popup comes with
// the item model (issue #45, Build 3), so until then every fill request is refused.
const chosenFills = new Map<number, ChosenFill>();

// Signing in inside the extension is not built yet (issue #45, Build 2): the session is always
// signed out.
function popupState(): PopupState {
  return { screen: 'signed-out' };
}

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
  if (parseStateRequest(raw) !== null) sendResponse(popupState());
  return false;
});

/**
 * Runs the content script in the top frame of `tabId`. Possible only where the user has just
 * invoked the extension on that tab (the shortcut, the toolbar button): `activeTab` grants that
 * tab's origin for the moment, and no host permission is ever asked for.
 */
async function injectContentScript(tabId: number): Promise<void> {
  await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: ['content.js'] });
}

chrome.commands.onCommand.addListener((command, tab) => {
  if (command !== 'fill-login' || tab?.id === undefined) return;
  injectContentScript(tab.id).catch((error: unknown) => {
    // Chrome's own pages, the Web Store and PDF viewers refuse every extension.
    console.warn('Keyloft: cannot run in this tab', error);
  });
});
