import type { ExtensionConnection, OpenExtension } from '../data/extensionConnection';
import type { AutoLockPreferences } from './autoLock';
import type { SessionStore } from './sessionStore';
import { announcementFor } from './tabSignals';

// The web vault's side of locking with the browser extension (docs/extension.md, "Locking with the
// web vault"): while both are open, a lock here locks the extension and a lock there locks this
// tab; the extension follows this user's auto-lock choice. Only these two messages cross, and no
// key, uid or item: the extension unlocks with its own master password entry, as every tab does.
// The connection itself (chrome.runtime, reconnecting) is src/data/extensionConnection.ts.

/** Lock now: both ways. */
export const EXTENSION_LOCK = Object.freeze({ kind: 'keyloft/lock', v: 1 } as const);

export interface ExtensionAutoLock {
  readonly kind: 'keyloft/auto-lock';
  readonly v: 1;
  readonly idleMinutes: number;
}

export type ToExtension = typeof EXTENSION_LOCK | ExtensionAutoLock;

/** True only for the exact lock message. */
export function isExtensionLock(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const keys = Object.keys(raw);
  const { kind, v } = raw as Record<string, unknown>;
  return keys.length === 2 && kind === EXTENSION_LOCK.kind && v === 1;
}

/**
 * Links the session to the extension until the returned stop is called: a lock or sign-out here is
 * sent as a lock, a lock from the extension locks an open vault, and the signed-in user's idle
 * choice is sent on every connection and every change.
 */
export function linkExtension(store: SessionStore, preferences: AutoLockPreferences, open: OpenExtension<ToExtension>): () => void {
  let connection: ExtensionConnection<ToExtension> | null = null;
  const sendChoice = () => {
    const state = store.getState();
    if (state.status === 'signed-out') return;
    connection?.post({ kind: 'keyloft/auto-lock', v: 1, idleMinutes: preferences.get(state.user.uid).idleMinutes });
  };
  connection = open({
    onMessage: (raw) => {
      if (isExtensionLock(raw)) store.lock();
    },
    onReconnect: sendChoice,
  });
  if (connection === null) return () => undefined;
  const opened = connection;
  sendChoice();

  let previous = store.getState();
  const stopWatching = store.subscribe(() => {
    const next = store.getState();
    const signal = announcementFor(previous, next);
    const userChanged = next.status !== 'signed-out' && (previous.status === 'signed-out' || previous.user.uid !== next.user.uid);
    previous = next;
    if (signal !== null) opened.post(EXTENSION_LOCK);
    if (userChanged) sendChoice();
  });
  const stopHearing = preferences.subscribe(sendChoice);
  return () => {
    stopWatching();
    stopHearing();
    opened.close();
  };
}
