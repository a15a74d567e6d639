import { hasExactly } from '../messages';

// What the extension's own pages tell the worker about the session (docs/extension.md, "Messages"):
// a copy was made, the user is active in the popup, the popup locked. Accepted only from the
// extension's own pages (fillGuard.classifySender); exact shapes, as every other message.

/** The popup copied something: a secret (a password, a one-time code) is cleared later, anything else cancels a pending clear. */
export interface Copied {
  readonly kind: 'keyloft/copied';
  readonly v: 1;
  readonly secret: boolean;
}

/** The popup was used, unlocked: the auto-lock's idle time starts again. */
export interface Active {
  readonly kind: 'keyloft/active';
  readonly v: 1;
}

export const ACTIVE: Active = { kind: 'keyloft/active', v: 1 };

/** The worker asks the offscreen document to clear the clipboard now; it answers `cleared`. */
export interface ClearClipboard {
  readonly kind: 'keyloft/clear-clipboard';
  readonly v: 1;
}

export const CLEAR_CLIPBOARD: ClearClipboard = { kind: 'keyloft/clear-clipboard', v: 1 };

export function parseCopied(raw: unknown): Copied | null {
  if (!hasExactly(raw, ['kind', 'v', 'secret'])) return null;
  return raw.kind === 'keyloft/copied' && raw.v === 1 && typeof raw.secret === 'boolean' ? { kind: 'keyloft/copied', v: 1, secret: raw.secret } : null;
}

export function parseClearClipboard(raw: unknown): ClearClipboard | null {
  return hasExactly(raw, ['kind', 'v']) && raw.kind === CLEAR_CLIPBOARD.kind && raw.v === 1 ? CLEAR_CLIPBOARD : null;
}

export function parseActive(raw: unknown): Active | null {
  return hasExactly(raw, ['kind', 'v']) && raw.kind === ACTIVE.kind && raw.v === 1 ? ACTIVE : null;
}
