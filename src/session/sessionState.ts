// Who is at the keyboard, as the route table of SPEC.md §2 needs to know it. The unlocked keys
// themselves never appear here: they stay inside the session module, in memory only.

export type SessionState =
  | { readonly status: 'signed-out' }
  /** Signed in to the auth service; the master password is being checked. */
  | { readonly status: 'validating'; readonly uid: string; readonly email: string | null }
  /** A third-party popup sign-in succeeded; the master password step is still open. */
  | { readonly status: 'pending-third-party'; readonly uid: string; readonly email: string | null }
  /** Signed in and the vault key is unlocked in memory. */
  | { readonly status: 'unlocked'; readonly uid: string; readonly email: string | null };

export const SIGNED_OUT: SessionState = { status: 'signed-out' };

export function isSignedIn(state: SessionState): boolean {
  return state.status !== 'signed-out';
}
