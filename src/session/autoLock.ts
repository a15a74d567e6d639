import type { KeyValueStorage } from '../data/keyValueStorage';

// Auto-lock (issue "Account and security", item 7): the vault closes after a period without
// activity and, if the user chose it, when the tab is hidden. The choice is kept per user on this
// device (it says how this browser behaves, and it must be readable before the vault is open).

export interface AutoLockSettings {
  /** Minutes without keyboard, pointer or touch activity before the vault locks. */
  readonly idleMinutes: number;
  /** Lock as soon as the tab is hidden (another tab, minimised window, locked screen). */
  readonly lockWhenHidden: boolean;
}

export const IDLE_MINUTE_CHOICES = [1, 5, 15, 30, 60, 240] as const;
export const DEFAULT_AUTO_LOCK: AutoLockSettings = Object.freeze({ idleMinutes: 15, lockWhenHidden: false });

export function autoLockStorageKey(uid: string): string {
  return `keyloft.autoLock.${uid}`;
}

function isIdleChoice(value: unknown): value is number {
  return typeof value === 'number' && (IDLE_MINUTE_CHOICES as readonly number[]).includes(value);
}

/** The stored settings, or the defaults for anything missing or malformed (storage is writable by any same-origin script). */
export function parseAutoLockSettings(raw: string | null): AutoLockSettings {
  if (raw === null) return DEFAULT_AUTO_LOCK;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return DEFAULT_AUTO_LOCK;
  }
  if (typeof parsed !== 'object' || parsed === null) return DEFAULT_AUTO_LOCK;
  const { idleMinutes, lockWhenHidden } = parsed as Record<string, unknown>;
  return {
    idleMinutes: isIdleChoice(idleMinutes) ? idleMinutes : DEFAULT_AUTO_LOCK.idleMinutes,
    lockWhenHidden: typeof lockWhenHidden === 'boolean' ? lockWhenHidden : DEFAULT_AUTO_LOCK.lockWhenHidden,
  };
}

export function loadAutoLockSettings(storage: Pick<KeyValueStorage, 'getItem'>, uid: string): AutoLockSettings {
  return parseAutoLockSettings(storage.getItem(autoLockStorageKey(uid)));
}

export function saveAutoLockSettings(storage: Pick<KeyValueStorage, 'setItem'>, uid: string, settings: AutoLockSettings): void {
  storage.setItem(autoLockStorageKey(uid), JSON.stringify(settings));
}

/** True once `idleMinutes` have passed since the last activity. */
export function isIdleLockDue(lastActivity: number, now: number, settings: AutoLockSettings): boolean {
  return now - lastActivity >= settings.idleMinutes * 60_000;
}

/**
 * The per-user settings with change notification: the lock timer follows an edit at once.
 * Properties rather than methods: React hands subscribe around unbound.
 */
export interface AutoLockPreferences {
  readonly get: (uid: string) => AutoLockSettings;
  readonly set: (uid: string, settings: AutoLockSettings) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createAutoLockPreferences(storage: KeyValueStorage): AutoLockPreferences {
  const listeners = new Set<() => void>();
  return {
    get: (uid) => loadAutoLockSettings(storage, uid),
    set: (uid, settings) => {
      saveAutoLockSettings(storage, uid, settings);
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
