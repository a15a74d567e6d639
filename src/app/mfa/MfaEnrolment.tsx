import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from '../../session/SessionContext';
import { MfaEnrolmentFlagProvider, useMfaEnrolmentFlag, type MfaNotifications } from './MfaEnrolmentFlag';

// The dialog (with the QR code and the settings it links to) loads when first opened: App renders
// this provider on every route, and the landing page must not carry it (docs/architecture.md).
const OpenEnrolment = lazy(() => import('./OpenEnrolment'));

// The callables load with their first use, not with the landing page.
const callables = () => import('../../data/functions/callables');
const DEPLOYED: MfaNotifications = {
  enrolled: async (method) => (await callables()).sendMfaEnrollmentNotification(method),
  removed: async (method) => (await callables()).sendMfaRemovalNotification(method),
};

/** The overlay: over whatever route is shown, while the flag is set and the vault is open. */
function MfaEnrolmentHost() {
  const flag = useMfaEnrolmentFlag();
  const session = useSession();
  // Not while locked: the master-password step is on screen then.
  if (!flag.open || session.status !== 'unlocked') return null;
  return (
    <Suspense fallback={null}>
      <OpenEnrolment key={session.user.uid} />
    </Suspense>
  );
}

/** Provides the enrolment flag to everything under it and renders the overlay. */
export function MfaEnrolment({ children, notifications = DEPLOYED }: { children: ReactNode; notifications?: MfaNotifications }) {
  return (
    <MfaEnrolmentFlagProvider notifications={notifications}>
      {children}
      <MfaEnrolmentHost />
    </MfaEnrolmentFlagProvider>
  );
}
