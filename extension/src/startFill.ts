// Where a fill the user chose waits, in the worker's memory, for its frame to ask (docs/extension.md,
// "Messages"): set by the popup's Fill, the shortcut and the context menu alike, then used once by
// the content script's request through the guard (./fillGuard.ts).
import { matchesUrl } from '../../src/features/vault/items/urlMatch';
import { CHOSEN_FILL_LIFETIME_MS, type ChosenFill } from './fillGuard';
import type { ChooseFill, ChooseFillAnswer } from './popupMessages';

/** What the user chose to fill into a tab, however they chose it. */
export type FillChoice = Omit<ChooseFill, 'kind' | 'v'>;

// One chosen fill per tab at most.
export const chosenFills = new Map<number, ChosenFill>();

/**
 * The frame to fill: among the frames whose URL matches the item by the item's own rule, the first
 * (top frame first) that has a password or one-time-code field, else the first. So a login form in
 * an iframe of the item's origin is filled on a page of the same origin that has none. Frames are
 * listed by running a one-line script in each: Chrome runs it only where the extension has access
 * (the `activeTab` grant: the tab's own origin, so a frame of another origin is never even
 * listed), and reports each frame's id and document id. The URL is checked again, from Chrome's
 * sender facts, when the content script asks.
 */
async function frameToFill(choice: FillChoice): Promise<{ frameId: number; documentId: string } | null> {
  const frames = await chrome.scripting.executeScript({
    target: { tabId: choice.tabId, allFrames: true },
    func: () => [location.href, document.querySelector('input[type="password"], input[autocomplete="one-time-code"]') !== null] as const,
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

// A lapsed choice is dropped even if no content script ever asks: the password leaves memory.
export function dropLapsed(): void {
  const now = Date.now();
  for (const [tabId, chosen] of chosenFills) if (now > chosen.expiresAt) chosenFills.delete(tabId);
}

/** Records the choice for the frame it fits and injects the content script into that document only. */
export async function startFill(choice: FillChoice): Promise<ChooseFillAnswer> {
  dropLapsed();
  setTimeout(dropLapsed, CHOSEN_FILL_LIFETIME_MS + 100);
  let frame: { frameId: number; documentId: string } | null;
  try {
    frame = await frameToFill(choice);
  } catch (error) {
    // No grant on this tab (Chrome's own pages, the Web Store, or the user did not invoke Keyloft on it).
    console.warn('Keyloft: cannot run in this tab', error);
    return { kind: 'keyloft/fill-refused', reason: 'no-access' };
  }
  if (frame === null) return { kind: 'keyloft/fill-refused', reason: 'no-matching-frame' };
  const { tabId, itemId, urls, username, password, otp } = choice;
  chosenFills.set(tabId, { tabId, ...frame, itemId, urls, username, password, otp, expiresAt: Date.now() + CHOSEN_FILL_LIFETIME_MS });
  try {
    await chrome.scripting.executeScript({ target: { tabId, documentIds: [frame.documentId] }, files: ['content.js'] });
  } catch (error) {
    chosenFills.delete(tabId);
    console.warn('Keyloft: cannot run in this frame', error);
    return { kind: 'keyloft/fill-refused', reason: 'no-access' };
  }
  return { kind: 'keyloft/fill-started' };
}
