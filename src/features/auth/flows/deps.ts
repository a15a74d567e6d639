import type { AuthGateway } from '../../../data/auth/authGateway';
import type { UserRepository } from '../../../data/users/userRecord';
import type { SessionStore } from '../../../session/sessionStore';

/** Everything the sign-in flows touch, injected so tests can use doubles or the emulators. */
export interface AuthDeps {
  loadGateway(): Promise<AuthGateway>;
  loadUsers(): Promise<UserRepository>;
  sendCustomEmailVerification(isDevelopment: boolean): Promise<void>;
  readonly session: SessionStore;
  /** Epoch milliseconds. */
  now(): number;
  /** True on localhost: the verification link then points at the dev server (SPEC.md §7). */
  readonly isDevelopment: boolean;
}
