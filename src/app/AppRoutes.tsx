import { createContext, lazy, Suspense, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { loadAuthGateway } from '../data/auth/loadAuthGateway';
import { parseAuthModalRequest, type AuthModalRequest } from '@keyloft/contract/authModalRequest';
import { LandingPage } from '../features/public';
import { useSession } from '../session/SessionContext';
import { useAppServices } from './AppServices';
import { AuthModalHost } from './AuthModalHost';
import { appRouteView } from './routeAccess';

// Only the landing page is in the first download; every other screen loads when it is visited, so
// what a first-time visitor fetches stays small.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const VerifyEmailPage = lazy(() =>
  import('../features/emailLinks').then(({ VerifyEmailPage: Page }) => ({
    default: () => <Page loadGateway={loadAuthGateway} />,
  })),
);
const VerifyEmailChangePage = lazy(() =>
  Promise.all([import('../features/emailLinks'), import('../data/functions/accountFunctions')]).then(([{ VerifyEmailChangePage: Page }, { verifyEmailChangeToken }]) => ({
    default: () => <Page verifyEmailChange={verifyEmailChangeToken} />,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/emailLinks').then(({ ResetPasswordPage: Page }) => ({
    default: () => <Page loadGateway={loadAuthGateway} />,
  })),
);
const PrivacyPage = lazy(() => import('../features/public/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../features/public/TermsPage').then((m) => ({ default: m.TermsPage })));
const SecurityPage = lazy(() => import('../features/public/SecurityPage').then((m) => ({ default: m.SecurityPage })));
const BillingCancelPage = lazy(() =>
  import('../features/billing/BillingCancelPage').then((m) => ({ default: m.BillingCancelPage })),
);
// Billing in the app's own frame (its header), composed in src/app (issue #43, item 8).
const BillingRoute = lazy(() => import('./billing/BillingRoute').then((m) => ({ default: m.BillingRoute })));
const BillingSuccessPage = lazy(() =>
  import('../features/billing/BillingSuccessPage').then((m) => ({ default: m.BillingSuccessPage })),
);
const AcceptInviteRoute = lazy(() => import('./AcceptInviteRoute'));
const LockScreenRoute = lazy(() => import('./LockScreenRoute'));
// Shown only after a logout in this tab: it loads then, not with the landing page.
const LogoutNotice = lazy(() => import('../features/deviceCopy/LogoutNotice').then((m) => ({ default: m.LogoutNotice })));
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

function Loading() {
  return (
    <p role="status" className="route-loading">
      Loading…
    </p>
  );
}

function renderAuthModal(request: AuthModalRequest, close: () => void): ReactNode {
  return <AuthModalHost request={request} onClose={close} />;
}

/** What a logout in this tab left to say about the device copy, once signed out. */
function AfterLogout() {
  const session = useSession();
  const { deviceCopy } = useAppServices();
  if (session.status !== 'signed-out' || deviceCopy.afterLogout.read() === null) return null;
  return (
    <Suspense fallback={null}>
      <LogoutNotice service={deviceCopy} />
    </Suspense>
  );
}

/** The landing page, with the auth modal open when navigation asks. */
function Landing() {
  return <LandingPage renderAuthModal={renderAuthModal} notice={<AfterLogout />} />;
}

/**
 * The history entry the page loaded on. Navigation state outlives a reload (the browser keeps it with
 * the entry): an auth-modal request found on that entry was a previous page's, whose sign-in ended
 * with it (say a reload right after sign-up, before the modal's own navigation), so it does not
 * keep a locked session from its lock screen.
 */
const LoadedOn = createContext<string | null>(null);

/**
 * An app route: the page for an unlocked session, the lock screen for a locked one (the address
 * stays, so unlocking shows the page asked for), the landing page for nobody.
 */
function AppRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const { auth } = useAppServices();
  const restoring = useSyncExternalStore(auth.restoring.subscribe, auth.restoring.get);
  const loadedOn = useContext(LoadedOn);
  const modalRequested = parseAuthModalRequest(location.state) !== null && location.key !== loadedOn;
  const view = appRouteView(session, { modalRequested, restoring });
  switch (view) {
    case 'app':
      return children;
    case 'locked':
      return session.status === 'locked' ? <LockScreenRoute user={session.user} /> : null;
    case 'restoring':
      return <Loading />;
    case 'landing':
      return <Landing />;
  }
}

function Billing() {
  return <BillingRoute />;
}

/** Checkout returns here; the subscription is read as the signed-in user, as on /billing. */
function BillingSuccess() {
  const { billing } = useAppServices();
  return <BillingSuccessPage service={billing} />;
}

export function AppRoutes() {
  const { key } = useLocation();
  // Mounted once per page: the first location is the entry the page loaded on.
  const [loadedOn] = useState(key);
  return (
    <LoadedOn.Provider value={loadedOn}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route
            path="/"
            element={
              <AppRoute>
                <DashboardPage />
              </AppRoute>
            }
          />
          <Route
            path="/dashboard"
            element={
              <AppRoute>
                <DashboardPage />
              </AppRoute>
            }
          />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/verify-email-change" element={<VerifyEmailChangePage />} />
          <Route path="/accept-invite" element={<AcceptInviteRoute />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/security" element={<SecurityPage />} />
          <Route
            path="/billing"
            element={
              <AppRoute>
                <Billing />
              </AppRoute>
            }
          />
          <Route
            path="/billing/success"
            element={
              <AppRoute>
                <BillingSuccess />
              </AppRoute>
            }
          />
          <Route path="/billing/cancel" element={<BillingCancelPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </LoadedOn.Provider>
  );
}
