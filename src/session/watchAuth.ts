import type { AuthGateway } from '../data/auth/authGateway';
import type { SessionStore } from './sessionStore';

/**
 * Keeps the session in step with the auth service: a user signed out elsewhere (or whose token
 * was revoked) loses the keys here too; a signed-in user found at start-up is locked, since keys
 * never survive a reload.
 */
export function watchAuth(gateway: AuthGateway, store: SessionStore): () => void {
  return gateway.onUserChanged((user) => {
    if (user === null) {
      if (store.getState().status !== 'signed-out') store.clear();
      return;
    }
    store.markLocked(user);
  });
}
