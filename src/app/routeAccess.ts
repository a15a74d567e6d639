import { isSignedIn, type SessionState } from '../session/sessionState';

// The route table of SPEC.md §2 and the route rules of §6 as one pure decision.

export type HomeView = 'landing' | 'dashboard';
export type BillingView = 'landing' | 'billing';

/** / and /dashboard: the dashboard only for a fully authenticated user. */
export function homeView(session: SessionState): HomeView {
  // A master password still being checked, a pending third-party sign-in or a reloaded tab keep
  // the landing page (and its auth modal) in front: the vault key is not there yet.
  return session.status === 'unlocked' ? 'dashboard' : 'landing';
}

/** /billing: the billing page when signed in, otherwise the landing/auth page. */
export function billingView(session: SessionState): BillingView {
  return isSignedIn(session) ? 'billing' : 'landing';
}

/** Public pages need no auth service; everything else may, so it is started for them. */
export function routeNeedsAuth(pathname: string): boolean {
  return !['/', '/privacy', '/terms', '/security', '/billing/cancel'].includes(pathname);
}
