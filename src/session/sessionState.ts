// Who is at the keyboard, as the route table of SPEC.md §2 needs to know it. The unlocked keys
// themselves never appear here: they stay in the session's keyring, in memory only.
import type { AuthUser } from '../data/auth/authGateway';

export type SessionState =
  | { readonly status: 'signed-out' }
  /**
   * Signed in to the auth service, vault still closed: a master password being checked, a
   * third-party sign-in waiting for its master password step, or a reloaded tab (keys are never
   * kept across a reload).
   */
  | { readonly status: 'locked'; readonly user: AuthUser }
  /** Signed in and the vault key is unlocked in memory. */
  | { readonly status: 'unlocked'; readonly user: AuthUser };

export const SIGNED_OUT: SessionState = { status: 'signed-out' };

export function isSignedIn(state: SessionState): boolean {
  return state.status !== 'signed-out';
}
