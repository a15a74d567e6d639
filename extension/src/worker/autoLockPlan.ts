import { DEFAULT_AUTO_LOCK } from '../../../src/session/autoLock';

// The extension's auto-lock (docs/extension.md, "Auto-lock"): the web vault's rule
// (src/session/autoLock.ts) with the extension's own activity, the use of its popup. The vault key
// is forgotten `idleMinutes` after the popup was last used unlocked (the web vault's user's choice,
// ./autoLockChoice.ts, else its default), and at once when the computer's screen locks. Pure: the
// worker (./autoLockWorker.ts) turns these into chrome.alarms and chrome.idle.

export const AUTO_LOCK_ALARM = 'keyloft.autoLock';

/** When the key is forgotten if the popup is not used again: `idleMinutes` after this use. */
export function autoLockAt(lastActivity: number, idleMinutes: number = DEFAULT_AUTO_LOCK.idleMinutes): number {
  return lastActivity + idleMinutes * 60_000;
}

/** Whether a change of the computer's idle state (chrome.idle) locks: the screen locked does, always. */
export function locksOnIdleState(state: string): boolean {
  return state === 'locked';
}
