import { loadAuthGateway } from '../data/auth/loadAuthGateway';
import type { AuthGateway } from '../data/auth/authGateway';
import { loadUserRepository } from '../data/loadRepositories';
import type { AuthDeps } from '../features/auth';
import type { SessionStore } from '../session/sessionStore';
import { watchAuth } from '../session/watchAuth';

// Wires the auth service into the session, on first need only: a first-time visitor on a public
// page never downloads the Firebase SDK.

export const SIGNED_IN_HINT_KEY = 'keyloft.signedIn';

/** A flag React can follow (useSyncExternalStore). */
export interface Flag {
  readonly get: () => boolean;
  readonly subscribe: (listener: () => void) => () => void;
}

export interface AuthServices {
  /** Loads the gateway and starts following the auth state, once. */
  gateway(): Promise<AuthGateway>;
  readonly deps: AuthDeps;
  /**
   * True while the auth service restores the user of the last visit (someone was signed in in
   * this browser and it has not yet said who): the app routes wait rather than flash the landing
   * page before the lock screen.
   */
  readonly restoring: Flag;
}

export function createAuthServices(store: SessionStore, hints: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): AuthServices {
  const restoring = restoringFlag(hints.getItem(SIGNED_IN_HINT_KEY) === '1');
  let watching: Promise<AuthGateway> | undefined;
  const gateway = () => {
    watching ??= loadAuthGateway().then(
      (loaded) => {
        watchAuth(loaded, store);
        // Listeners hear the restored user in the order they subscribed: the session has it first.
        loaded.onUserChanged(restoring.settle);
        return loaded;
      },
      (error: unknown) => {
        restoring.settle();
        throw error;
      },
    );
    return watching;
  };

  // Remembers across reloads only *that* someone was signed in (never who, never a key), so a
  // returning user's tab starts the auth service and asks for the master password again.
  store.subscribe(() => {
    if (store.getState().status === 'signed-out') hints.removeItem(SIGNED_IN_HINT_KEY);
    else hints.setItem(SIGNED_IN_HINT_KEY, '1');
  });
  if (hints.getItem(SIGNED_IN_HINT_KEY) === '1') void gateway();

  const host = globalThis.location.hostname;
  return {
    gateway,
    restoring: restoring.flag,
    deps: {
      loadGateway: gateway,
      loadUsers: loadUserRepository,
      // The callables load with their first use, not with the landing page.
      sendCustomEmailVerification: async (isDevelopment) => (await import('../data/functions/callables')).sendCustomEmailVerification(isDevelopment),
      session: store,
      now: () => Date.now(),
      isDevelopment: host === 'localhost' || host === '127.0.0.1',
    },
  };
}

function restoringFlag(initial: boolean): { flag: Flag; settle: () => void } {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    flag: {
      get: () => value,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    },
    settle: () => {
      if (!value) return;
      value = false;
      for (const listener of listeners) listener();
    },
  };
}
