import { IDLE_MINUTE_CHOICES } from '../../../src/session/autoLock';
import { EXTENSION_LOCK } from '../../../src/session/extensionLink';
import { hasExactly } from '../messages';
import type { SenderFacts } from '../fillGuard';

// What a page of the web vault may tell the extension, and what the extension tells it
// (docs/extension.md, "Locking with the web vault"). Pure: the port handling is in
// ./externalLockWorker.ts. A page is the web vault only if Chrome says its origin is one of the
// app's, checked here again whatever the manifest's externally_connectable let through; a message
// is one of two exact shapes, and the only powers they carry are "lock" and "lock after this many
// idle minutes, one of the web vault's own choices".

/** Lock now: sent both ways, by the web vault when it locks and by the extension when it does. */
export interface ExternalLock {
  readonly kind: 'keyloft/lock';
  readonly v: 1;
}

/** The web vault's own constant (src/session/extensionLink.ts): one contract, both sides. */
export const EXTERNAL_LOCK: ExternalLock = EXTENSION_LOCK;

/** The web vault's user's auto-lock choice (src/session/autoLock.ts), one of IDLE_MINUTE_CHOICES. */
export interface ExternalAutoLock {
  readonly kind: 'keyloft/auto-lock';
  readonly v: 1;
  readonly idleMinutes: number;
}

export type ExternalMessage = ExternalLock | ExternalAutoLock;

export function isIdleMinuteChoice(value: unknown): value is number {
  return typeof value === 'number' && (IDLE_MINUTE_CHOICES as readonly number[]).includes(value);
}

/** A page's message as one of the two shapes, or null for anything else (an extra key included). */
export function parseExternalMessage(raw: unknown): ExternalMessage | null {
  if (hasExactly(raw, ['kind', 'v'])) return raw.kind === EXTERNAL_LOCK.kind && raw.v === 1 ? EXTERNAL_LOCK : null;
  if (!hasExactly(raw, ['kind', 'v', 'idleMinutes'])) return null;
  if (raw.kind !== 'keyloft/auto-lock' || raw.v !== 1 || !isIdleMinuteChoice(raw.idleMinutes)) return null;
  return { kind: 'keyloft/auto-lock', v: 1, idleMinutes: raw.idleMinutes };
}

/**
 * True when Chrome reports the sender as a page (no extension id) of one of the web vault's
 * origins, compared exactly: scheme, host and port. `sender.origin` is the document's origin as
 * the browser knows it; the URL's origin serves only where Chrome gives no origin.
 */
export function isWebVaultSender(sender: SenderFacts, origins: readonly string[]): boolean {
  if (sender.id !== undefined) return false;
  let origin = sender.origin;
  if (origin === undefined) {
    if (sender.url === undefined) return false;
    try {
      origin = new URL(sender.url).origin;
    } catch {
      return false;
    }
  }
  return origins.includes(origin);
}
