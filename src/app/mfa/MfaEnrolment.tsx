import { lazy, Suspense, type ReactNode } from 'react';
import { sendMfaEnrollmentNotification, sendMfaRemovalNotification } from '../../data/functions/callables';
import { useSession } from '../../session/SessionContext';
import { MfaEnrolmentFlagProvider, useMfaEnrolmentFlag, type MfaNotifications } from './MfaEnrolmentFlag';

// The dialog (with the QR code and the settings it links to) loads when first opened: App renders
// this provider on every route, and the landing page must not carry it (docs/architecture.md).
const OpenEnrolment = lazy(() => import('./OpenEnrolment'));

const DEPLOYED: MfaNotifications = { enrolled: sendMfaEnrollmentNotification, removed: sendMfaRemovalNotification };

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
