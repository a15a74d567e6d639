import { DEFAULT_AUTO_LOCK, type AutoLockSettings } from '../../../src/session/autoLock';

// The extension's auto-lock (docs/extension.md, "Auto-lock"): the web vault's rule
// (src/session/autoLock.ts) with the extension's own activity, the use of its popup. The vault key
// is forgotten `idleMinutes` after the popup was last used unlocked, and at once when the
// computer's screen locks. Pure: the worker (./autoLockWorker.ts) turns these into chrome.alarms
// and chrome.idle.

export const AUTO_LOCK_ALARM = 'keyloft.autoLock';

/**
 * The settings the extension follows: the web vault's defaults. The web vault keeps a user's
 * choice in its own origin's storage on the device (autoLock.ts), which the extension cannot read,
 * and a page may tell the extension nothing but "lock" (./externalLock.ts).
 */
export const EXTENSION_AUTO_LOCK: AutoLockSettings = DEFAULT_AUTO_LOCK;

/** When the key is forgotten if the popup is not used again: `idleMinutes` after this use. */
export function autoLockAt(lastActivity: number, settings: AutoLockSettings = EXTENSION_AUTO_LOCK): number {
  return lastActivity + settings.idleMinutes * 60_000;
}

/** Whether a change of the computer's idle state (chrome.idle) locks: the screen locked does, always. */
export function locksOnIdleState(state: string): boolean {
  return state === 'locked';
}
