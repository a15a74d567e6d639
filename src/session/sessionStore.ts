import type { AuthUser } from '../data/auth/authGateway';
import type { KeyValueStorage } from '../data/keyValueStorage';
import type { UnlockedKeys } from './keyring';
import { SIGNED_OUT, type SessionState } from './sessionState';

// The session: the state the routes read and the unlocked keys, with the only code that changes
// them. The keys live in this closure and nowhere else; a reload starts with none.

/** SPEC.md §4: the encrypted private key is kept in session storage while signed in. */
export const PRIVATE_KEY_STORAGE_KEY = 'keyloft.encryptedPrivateKey';

export type { KeyValueStorage };

// Properties rather than methods: React hands getState and subscribe around unbound.
export interface SessionStore {
  readonly getState: () => SessionState;
  readonly subscribe: (listener: () => void) => () => void;
  /** The unlocked keys, or null when the vault is closed. */
  readonly keys: () => UnlockedKeys | null;
  /** The auth service reports a signed-in user whose vault is not open (yet). */
  readonly markLocked: (user: AuthUser) => void;
  readonly unlock: (user: AuthUser, keys: UnlockedKeys, encryptedPrivateKey: string) => void;
  /**
   * Closes the vault but keeps the user signed in (auto-lock): the keys are forgotten and the
   * master password is asked for again. Does nothing unless the vault is open.
   */
  readonly lock: () => void;
  /** Forgets the keys and the stored private key; the state becomes signed-out. */
  readonly clear: () => void;
  /**
   * Registers `forget`, called whenever the session forgets the keys (lock, logout, another user):
   * what was opened with them (the vault's opened entry details) is forgotten with them. Returns
   * the unregistration.
   */
  readonly onKeysForgotten: (forget: () => void) => () => void;
}

export function createSessionStore(storage: KeyValueStorage): SessionStore {
  let state: SessionState = SIGNED_OUT;
  let keys: UnlockedKeys | null = null;
  const listeners = new Set<() => void>();
  const forgetters = new Set<() => void>();

  const forgetKeys = () => {
    const held = keys !== null;
    keys = null;
    if (held) for (const forget of forgetters) forget();
  };

  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    keys: () => keys,
    markLocked: (user) => {
      // A token refresh of the unlocked user must not close the vault.
      if (state.status === 'unlocked' && state.user.uid === user.uid) {
        set({ status: 'unlocked', user });
        return;
      }
      forgetKeys();
      set({ status: 'locked', user });
    },
    unlock: (user, unlocked, encryptedPrivateKey) => {
      // Keys replaced by others: what the old ones opened goes with them.
      if (keys !== unlocked) forgetKeys();
      keys = unlocked;
      storage.setItem(PRIVATE_KEY_STORAGE_KEY, encryptedPrivateKey);
      set({ status: 'unlocked', user });
    },
    lock: () => {
      if (state.status !== 'unlocked') return;
      forgetKeys();
      set({ status: 'locked', user: state.user });
    },
    clear: () => {
      forgetKeys();
      storage.removeItem(PRIVATE_KEY_STORAGE_KEY);
      set(SIGNED_OUT);
    },
    onKeysForgotten: (forget) => {
      forgetters.add(forget);
      return () => {
        forgetters.delete(forget);
      };
    },
  };
}
