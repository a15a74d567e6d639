import { isSignedIn, type SessionState } from '../session/sessionState';

// The route table of SPEC.md §2 and the route rules of §6 as one pure decision.

export type HomeView = 'landing' | 'dashboard';
export type BillingView = 'landing' | 'billing';

/** / and /dashboard: the dashboard only for a fully authenticated user. */
export function homeView(session: SessionState): HomeView {
  // A pending third-party sign-in or a master password still being checked keeps the landing
  // page (and its auth modal) in front: the vault key is not there yet.
  return session.status === 'unlocked' ? 'dashboard' : 'landing';
}

/** /billing: the billing page when signed in, otherwise the landing/auth page. */
export function billingView(session: SessionState): BillingView {
  return isSignedIn(session) ? 'billing' : 'landing';
}
