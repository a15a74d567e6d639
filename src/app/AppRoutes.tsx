import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AuthModalRequest } from '../domain/authModalRequest';
import { BillingCancelPage } from '../features/billing/BillingCancelPage';
import { LandingPage, PrivacyPage, SecurityPage, TermsPage } from '../features/public';
import { useSession } from '../session/SessionContext';
import { NotFoundPage } from './NotFoundPage';
import { billingView, homeView } from './routeAccess';

// Everything behind sign-in, and every page reached from an emailed link, loads on demand so the
// public pages stay small. Each of these is replaced by its real screen in the issue named.
const ComingSoon = lazy(() => import('./ComingSoon'));
const AuthModal = lazy(() => import('../features/auth/AuthModal'));

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
