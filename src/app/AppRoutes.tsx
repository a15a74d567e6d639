import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AuthModalRequest } from '../domain/authModalRequest';
import { LandingPage } from '../features/public/LandingPage';
import { useSession } from '../session/SessionContext';
import { billingView, homeView } from './routeAccess';

// Only the landing page is in the first download; every other screen loads when it is visited, so
// what a first-time visitor fetches stays small. ComingSoon holds routes whose screens later
// issues build.
const ComingSoon = lazy(() => import('./ComingSoon'));
const AuthModal = lazy(() => import('../features/auth/AuthModal'));
const PrivacyPage = lazy(() => import('../features/public/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../features/public/TermsPage').then((m) => ({ default: m.TermsPage })));
const SecurityPage = lazy(() => import('../features/public/SecurityPage').then((m) => ({ default: m.SecurityPage })));
const BillingCancelPage = lazy(() =>
  import('../features/billing/BillingCancelPage').then((m) => ({ default: m.BillingCancelPage })),
);
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

function Loading() {
  return (
    <p role="status" className="route-loading">
      Loading…
    </p>
  );
}

function renderAuthModal(request: AuthModalRequest, close: () => void): ReactNode {
  return (
    <Suspense fallback={null}>
      <AuthModal request={request} onClose={close} />
    </Suspense>
  );
}

function Home() {
  const session = useSession();
  return homeView(session) === 'dashboard' ? (
    <ComingSoon title="Dashboard" issue={4} />
  ) : (
    <LandingPage renderAuthModal={renderAuthModal} />
  );
}

function Billing() {
  const session = useSession();
  return billingView(session) === 'billing' ? (
    <ComingSoon title="Billing & Subscriptions" />
  ) : (
    <LandingPage renderAuthModal={renderAuthModal} />
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/dashboard" element={<Home />} />
        <Route path="/verify-email" element={<ComingSoon title="Verify your email" issue={3} />} />
        <Route path="/reset-password" element={<ComingSoon title="Reset your password" issue={3} />} />
        <Route path="/verify-email-change" element={<ComingSoon title="Confirm your new email" />} />
        <Route path="/accept-invite" element={<ComingSoon title="Team invitation" />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/security" element={<SecurityPage />} />
        <Route path="/billing" element={<Billing />} />
        <Route path="/billing/success" element={<ComingSoon title="Subscription" />} />
        <Route path="/billing/cancel" element={<BillingCancelPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
