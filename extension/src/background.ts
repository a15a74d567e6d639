// The service worker: the only part of the extension that decides what a content script receives
// (./fillGuard.ts), and where the fill the user chose waits, in memory, for its frame to ask.
import { matchesUrl } from '../../src/features/vault/items/urlMatch';
import { CHOSEN_FILL_LIFETIME_MS, classifySender, decideFill, fillAnswer, type ChosenFill } from './fillGuard';
import { parseFillRequest } from './messages';
import { parseChooseFill, type ChooseFill, type ChooseFillAnswer } from './popupMessages';
import { installSessionWorker } from './worker/sessionWorker';

// The session's duties (clipboard clear, auto-lock, locking with the web vault): ./worker/.
installSessionWorker();

// One chosen fill per tab at most, set when the user clicks Fill in the popup.
const chosenFills = new Map<number, ChosenFill>();

/**
 * The frame to fill: among the frames whose URL matches the item by the item's own rule, the first
 * (top frame first) that has a password field, else the first. So a login form in an iframe of the
 * item's origin is filled on a page of the same origin that has none. Frames are listed by running
 * a one-line script in each: Chrome runs it only where the extension has access (the `activeTab`
 * grant: the tab's own origin, so a frame of another origin is never even listed), and reports
 * each frame's id and document id. The URL is checked again, from Chrome's sender facts, when the
 * content script asks.
 */
async function frameToFill(choice: ChooseFill): Promise<{ frameId: number; documentId: string } | null> {
  const frames = await chrome.scripting.executeScript({
    target: { tabId: choice.tabId, allFrames: true },
    func: () => [location.href, document.querySelector('input[type="password"]') !== null] as const,
  });
  const matching = frames
    .filter((frame) => {
      const url = frame.result?.[0];
      return typeof url === 'string' && choice.urls.some((saved) => matchesUrl(saved, url));
    })
    .sort((a, b) => a.frameId - b.frameId);
  const chosen = matching.find((frame) => frame.result?.[1] === true) ?? matching[0];
  return chosen === undefined ? null : { frameId: chosen.frameId, documentId: chosen.documentId };
}

async function startFill(choice: ChooseFill): Promise<ChooseFillAnswer> {
  let frame: { frameId: number; documentId: string } | null;
  try {
    frame = await frameToFill(choice);
  } catch (error) {
    // No grant on this tab (Chrome's own pages, the Web Store, or the popup was not opened on it).
    console.warn('Keyloft: cannot run in this tab', error);
    return { kind: 'keyloft/fill-refused', reason: 'no-access' };
  }
  if (frame === null) return { kind: 'keyloft/fill-refused', reason: 'no-matching-frame' };
  const { tabId, itemId, urls, username, password } = choice;
  chosenFills.set(tabId, { tabId, ...frame, itemId, urls, username, password, expiresAt: Date.now() + CHOSEN_FILL_LIFETIME_MS });
  try {
    await chrome.scripting.executeScript({ target: { tabId, documentIds: [frame.documentId] }, files: ['content.js'] });
  } catch (error) {
    chosenFills.delete(tabId);
    console.warn('Keyloft: cannot run in this frame', error);
    return { kind: 'keyloft/fill-refused', reason: 'no-access' };
  }
  return { kind: 'keyloft/fill-started' };
}

// A lapsed choice is dropped even if no content script ever asks: the password leaves memory.
function dropLapsed(): void {
  const now = Date.now();
  for (const [tabId, chosen] of chosenFills) if (now > chosen.expiresAt) chosenFills.delete(tabId);
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
  const choice = parseChooseFill(raw);
  if (choice === null) return false;
  dropLapsed();
  void startFill(choice).then(sendResponse);
  setTimeout(dropLapsed, CHOSEN_FILL_LIFETIME_MS + 100);
  return true;
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
