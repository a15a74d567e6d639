import type { ItemUrl } from '../../src/features/vault/items/kinds';
import { matchesUrl } from '../../src/features/vault/items/urlMatch';
import { codeAt, parseOneTimeCode } from '../../src/features/vault/otp/oneTimeCode';
import type { FillAnswer } from './messages';

// The service worker's guards on who sent a message and on what a content script receives
// (docs/extension.md, "Messages"): decided from what Chrome says about the sender and from the
// one fill the user chose, never from what the message says.

/** The part of chrome.runtime.MessageSender the guards read: Chrome fills it, not the sender. */
export interface SenderFacts {
  readonly id?: string | undefined;
  readonly url?: string | undefined;
  readonly origin?: string | undefined;
  readonly tab?: { readonly id?: number | undefined } | undefined;
  readonly frameId?: number | undefined;
  readonly documentId?: string | undefined;
}

/** A content script's frame, as Chrome identified it. */
export interface ContentSender {
  readonly kind: 'content-script';
  readonly tabId: number;
  readonly frameId: number;
  readonly documentId: string;
  readonly url: string;
}

export type Sender = { readonly kind: 'extension-page' } | ContentSender;

/**
 * Who sent a message: one of this extension's own pages (the popup, also when opened in a tab), one
 * of its content scripts in a known frame, or null (another extension, or a sender Chrome did not
 * fully identify, whose message is dropped unread). A URL of the extension's own origin is one of
 * its pages: Chrome never runs a content script in an extension page, and no web page can frame
 * one, as the manifest makes nothing web-accessible.
 */
export function classifySender(sender: SenderFacts, extensionId: string): Sender | null {
  if (sender.id !== extensionId) return null;
  const ownOrigin = `chrome-extension://${extensionId}`;
  if (sender.url?.startsWith(`${ownOrigin}/`) === true) {
    return sender.origin === undefined || sender.origin === ownOrigin ? { kind: 'extension-page' } : null;
  }
  const tabId = sender.tab?.id;
  const { frameId, documentId, url } = sender;
  if (tabId === undefined || frameId === undefined || documentId === undefined || url === undefined) return null;
  return { kind: 'content-script', tabId, frameId, documentId, url };
}

/**
 * The fill the user chose (in the popup, by the shortcut or the context menu) for one document of
 * one frame of one tab: the only item a content script can ever receive, and only there.
 */
export interface ChosenFill {
  readonly tabId: number;
  readonly frameId: number;
  /** Chrome's id of the document the user looked at: a navigation since makes a new one. */
  readonly documentId: string;
  readonly itemId: string;
  readonly urls: readonly ItemUrl[];
  /** What is filled: held by the worker, in memory, only until the choice is used or lapses. */
  readonly username: string;
  readonly password: string;
  /** The item's one-time code setup (its otpauth:// link), or null: the code is computed at the fill. */
  readonly otp: string | null;
  /** The choice lapses: a request long after the user asked is not the one they asked for. */
  readonly expiresAt: number;
}

export type FillRefusal = 'not-chosen' | 'wrong-frame' | 'expired' | 'wrong-origin';

export type FillDecision =
  | { readonly kind: 'fill'; readonly itemId: string; readonly username: string; readonly password: string; readonly otp: string | null }
  | { readonly kind: 'refused'; readonly reason: FillRefusal };

/** How long a choice waits for its frame's content script to ask. */
export const CHOSEN_FILL_LIFETIME_MS = 10_000;

/**
 * Whether the content script of `sender` gets `chosen`'s item. The page's URL is checked again
 * here, at the moment of filling, by the item's own match rules (src/features/vault/items/urlMatch):
 * the frame may have navigated, or be a cross-origin iframe on a page that matched.
 */
export function decideFill(chosen: ChosenFill | undefined, sender: ContentSender, now: number): FillDecision {
  if (chosen === undefined) return { kind: 'refused', reason: 'not-chosen' };
  if (chosen.tabId !== sender.tabId || chosen.frameId !== sender.frameId || chosen.documentId !== sender.documentId) {
    return { kind: 'refused', reason: 'wrong-frame' };
  }
  if (now > chosen.expiresAt) return { kind: 'refused', reason: 'expired' };
  if (!chosen.urls.some((saved) => matchesUrl(saved, sender.url))) return { kind: 'refused', reason: 'wrong-origin' };
  return { kind: 'fill', itemId: chosen.itemId, username: chosen.username, password: chosen.password, otp: currentCode(chosen.otp, now) };
}

/**
 * The item's one-time code at `now` (the app's TOTP module), or null when it has none or its setup
 * does not read: the content script gets the code, never the secret.
 */
export function currentCode(link: string | null, now: number): string | null {
  if (link === null) return null;
  try {
    return codeAt(parseOneTimeCode(link), now).code;
  } catch {
    return null;
  }
}

/** What the content script is told: the item on a fill, and on a refusal not even why. */
export function fillAnswer(decision: FillDecision): FillAnswer {
  if (decision.kind !== 'fill') return { kind: 'keyloft/no-fill' };
  return { kind: 'keyloft/fill', itemId: decision.itemId, username: decision.username, password: decision.password, otp: decision.otp };
}
