import { forgetVaultKey } from '../session/vaultKeyStore';
import { keepIdleMinutes, keptIdleMinutes } from './autoLockChoice';
import { AUTO_LOCK_ALARM, autoLockAt, locksOnIdleState } from './autoLockPlan';

// The worker's part of the auto-lock (docs/extension.md, "Auto-lock"): an alarm that the popup's
// every unlocked use moves on, and the screen lock (chrome.idle). Locking is forgetting the key
// in chrome.storage.session; whoever forgets it, the web vault hears of it (./externalLockWorker.ts).

export async function noteActivity(now: number): Promise<void> {
  await chrome.alarms.create(AUTO_LOCK_ALARM, { when: autoLockAt(now, await keptIdleMinutes(chrome.storage.session)) });
}

/**
 * The web vault's user chose (or has) this idle time: kept for every later use, and a running
 * auto-lock is moved to now plus the new time (the user was just active in the web vault).
 */
export async function followIdleMinutes(idleMinutes: number, now: number): Promise<void> {
  await keepIdleMinutes(chrome.storage.session, idleMinutes);
  if ((await chrome.alarms.get(AUTO_LOCK_ALARM)) !== undefined) await noteActivity(now);
}

export async function lockNow(): Promise<void> {
  await chrome.alarms.clear(AUTO_LOCK_ALARM);
  await forgetVaultKey(chrome.storage.session);
}

export function installAutoLock(): void {
  chrome.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === AUTO_LOCK_ALARM) void forgetVaultKey(chrome.storage.session);
  });
  chrome.idle.onStateChanged.addListener((state) => {
    if (locksOnIdleState(state)) {
      lockNow().catch((error: unknown) => {
        console.warn('Keyloft: could not lock', error);
      });
    }
  });
}
