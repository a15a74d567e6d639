import type { SessionState } from '../session/sessionState';

// The route table of SPEC.md §2 and the route rules of §6 as one pure decision.

/**
 * What an app route (/, /dashboard, /billing and the billing return) shows: the page itself, the
 * landing page (and its auth modal) to someone signed out, the lock screen to a signed-in user
 * whose vault is closed (issue #43: never the marketing page behind the master password), or a
 * wait while the auth service restores the user of the last visit.
 */
export type AppRouteView = 'app' | 'landing' | 'locked' | 'restoring';

export interface AppRouteContext {
  /** The auth modal is open by navigation: a sign-in of this tab is under way in it. */
  readonly modalRequested: boolean;
  /** Someone was signed in in this browser and the auth service has not said who yet. */
  readonly restoring: boolean;
}

export function appRouteView(session: SessionState, { modalRequested, restoring }: AppRouteContext): AppRouteView {
  if (session.status === 'unlocked') return 'app';
  // A sign-in running in the auth modal is 'locked' while its master password is checked, or while
  // a third-party sign-in waits for its master-password step (SPEC.md §2): the modal keeps the
  // screen until it is done. Any other locked session (a reload, an auto-lock, another tab's
  // sign-in) gets the lock screen.
  if (session.status === 'locked') return modalRequested ? 'landing' : 'locked';
  return restoring && !modalRequested ? 'restoring' : 'landing';
}

/** Public pages need no auth service; everything else may, so it is started for them. */
export function routeNeedsAuth(pathname: string): boolean {
  return !['/', '/privacy', '/terms', '/security', '/billing/cancel'].includes(pathname);
}
