// The messages between the extension's parts, and the service worker's guards on them
// (docs/extension.md, "Messages"). A content script runs inside a page the extension does not
// trust: a compromised renderer can make it send anything. So the one message a content script
// may send names nothing (no item, no origin, no frame): what it gets back is decided by the
// worker from what Chrome itself says about the sender and from the one fill the user chose for
// that frame, and never anything else of the vault (./fillGuard.ts).
//
// Kept apart from the guards so that the content script, which imports only this module, carries
// nothing else: no match rules, no Public Suffix List.

/** The one message a content script may send: "fill this frame with what the user chose for it". */
export interface FillRequest {
  readonly kind: 'keyloft/fill-request';
  readonly v: 1;
}

export const FILL_REQUEST: FillRequest = { kind: 'keyloft/fill-request', v: 1 };

/**
 * The worker's answer to a fill request: the one item the user chose, only its username, password
 * and current one-time code (computed by the worker; null when the item has none), or no fill.
 */
export type FillAnswer =
  | { readonly kind: 'keyloft/fill'; readonly itemId: string; readonly username: string; readonly password: string; readonly otp: string | null }
  | { readonly kind: 'keyloft/no-fill' };

export function hasExactly(raw: unknown, keys: readonly string[]): raw is Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  if (Object.getPrototypeOf(raw) !== Object.prototype) return false;
  const own = Object.keys(raw);
  return own.length === keys.length && keys.every((key) => own.includes(key));
}

/**
 * The fill request, or null for anything else. Exact: an extra key (an item id, a URL, a frame a
 * page would like filled) makes it no request at all rather than a request with a hint ignored.
 */
export function parseFillRequest(raw: unknown): FillRequest | null {
  if (!hasExactly(raw, ['kind', 'v'])) return null;
  return raw.kind === FILL_REQUEST.kind && raw.v === 1 ? FILL_REQUEST : null;
}
