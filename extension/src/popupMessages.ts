import type { ItemUrl } from '../../src/features/vault/items/kinds';
import { hasExactly } from './messages';

// What the popup asks of the worker (docs/extension.md, "Messages"): accepted only from the
// extension's own pages (fillGuard.classifySender). Apart from messages.ts so that the content
// script, which imports that module, carries none of this.

/** "Fill this login into that tab": the user clicked Fill. The worker picks the frame itself. */
export interface ChooseFill {
  readonly kind: 'keyloft/choose-fill';
  readonly v: 1;
  readonly tabId: number;
  readonly itemId: string;
  readonly urls: readonly ItemUrl[];
  readonly username: string;
  readonly password: string;
  /** The item's one-time code setup (otpauth:// link) or null; the worker computes the code at the fill. */
  readonly otp: string | null;
}

/** The worker's answer: the content script was sent to a frame that matches, or why not. */
export type ChooseFillAnswer =
  | { readonly kind: 'keyloft/fill-started' }
  | { readonly kind: 'keyloft/fill-refused'; readonly reason: 'no-matching-frame' | 'no-access' };

const MATCHES: ReadonlySet<string> = new Set(['origin', 'site', 'prefix', 'never']);

function isItemUrl(raw: unknown): raw is ItemUrl {
  return hasExactly(raw, ['url', 'match']) && typeof raw.url === 'string' && typeof raw.match === 'string' && MATCHES.has(raw.match);
}

export function parseChooseFill(raw: unknown): ChooseFill | null {
  if (!hasExactly(raw, ['kind', 'v', 'tabId', 'itemId', 'urls', 'username', 'password', 'otp'])) return null;
  const { kind, v, tabId, itemId, urls, username, password, otp } = raw;
  if (kind !== 'keyloft/choose-fill' || v !== 1 || typeof tabId !== 'number' || !Number.isSafeInteger(tabId)) return null;
  if (typeof itemId !== 'string' || typeof username !== 'string' || typeof password !== 'string') return null;
  if (otp !== null && typeof otp !== 'string') return null;
  if (!Array.isArray(urls) || !urls.every(isItemUrl)) return null;
  return { kind, v, tabId, itemId, urls: urls.map(({ url, match }) => ({ url, match })), username, password, otp };
}
