import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { loadAuthGateway } from '../data/auth/loadAuthGateway';
import { parseAuthModalRequest, type AuthModalRequest } from '@keyloft/contract/authModalRequest';
import { LandingPage } from '../features/public';
import { useSession } from '../session/SessionContext';
import { useAppServices } from './AppServices';
import { AuthModalHost } from './AuthModalHost';
import { billingView, homeView } from './routeAccess';

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
const BillingRoute = lazy(() =>
  Promise.all([import('./billing/BillingRoute'), import('../features/billing/BillingPage')]).then(([{ BillingRoute: InFrame }, { BillingPage }]) => ({
    default: () => <InFrame page={BillingPage} />,
  })),
);
const BillingSuccessPage = lazy(() =>
  import('../features/billing/BillingSuccessPage').then((m) => ({ default: m.BillingSuccessPage })),
);
const AcceptInviteRoute = lazy(() => import('./AcceptInviteRoute'));
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

/** The landing page, with the auth modal open when navigation asks or the session is locked. */
function Landing() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const requested = parseAuthModalRequest(location.state) !== null;
  return (
    <>
      <LandingPage renderAuthModal={renderAuthModal} notice={<AfterLogout />} />
      {!requested && session.status === 'locked' && (
        <AuthModalHost
          request={null}
          onClose={() => {
            void navigate(location.pathname, { replace: true, state: null });
          }}
        />
      )}
    </>
  );
}

function Home() {
  const session = useSession();
  return homeView(session) === 'dashboard' ? <DashboardPage /> : <Landing />;
}

function Billing() {
  const session = useSession();
  return billingView(session) === 'billing' ? <BillingRoute /> : <Landing />;
}

/** Checkout returns here; the subscription is read as the signed-in user, as on /billing. */
function BillingSuccess() {
  const session = useSession();
  const { billing } = useAppServices();
  return billingView(session) === 'billing' ? <BillingSuccessPage service={billing} /> : <Landing />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/dashboard" element={<Home />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email-change" element={<VerifyEmailChangePage />} />
        <Route path="/accept-invite" element={<AcceptInviteRoute />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/security" element={<SecurityPage />} />
        <Route path="/billing" element={<Billing />} />
        <Route path="/billing/success" element={<BillingSuccess />} />
        <Route path="/billing/cancel" element={<BillingCancelPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
