import { useMemo, type ReactNode } from 'react';
import { sendCustomEmailVerification, sendMfaEnrollmentNotification, sendMfaRemovalNotification } from '../../data/functions/callables';
import { createMfaEnrolmentApi, MfaEnrolmentDialog, type MfaEnrolmentApi } from '../../features/mfa';
import { SendVerificationButton } from '../../features/settings';
import { useSession } from '../../session/SessionContext';
import { useAppServices } from '../AppServices';
import { MfaEnrolmentFlagProvider, useMfaEnrolmentFlag, type MfaNotifications } from './MfaEnrolmentFlag';
import { useLoadedGateway } from './useLoadedGateway';

const DEPLOYED: MfaNotifications = { enrolled: sendMfaEnrollmentNotification, removed: sendMfaRemovalNotification };

/**
 * The enrolment API over the auth gateway, or null until the gateway has loaded. Only screens of a
 * signed-in user call it, so public pages never load the auth SDK for it.
 */
export function useMfaEnrolmentApi(): MfaEnrolmentApi | null {
  const gateway = useLoadedGateway();
  const { notifications } = useMfaEnrolmentFlag();
  return useMemo(
    () => (gateway === null ? null : createMfaEnrolmentApi({ gateway, notifyEnrolled: notifications.enrolled, notifyRemoved: notifications.removed })),
    [gateway, notifications],
  );
}

/** The overlay: over whatever route is shown, while the flag is set and the vault is open. */
function MfaEnrolmentHost() {
  const flag = useMfaEnrolmentFlag();
  const session = useSession();
  // Not while locked: the master-password step is on screen then.
  if (!flag.open || session.status !== 'unlocked') return null;
  return <OpenEnrolment key={session.user.uid} />;
}

function OpenEnrolment() {
  const flag = useMfaEnrolmentFlag();
  const session = useSession();
  const { auth } = useAppServices();
  const api = useMfaEnrolmentApi();
  if (api === null || session.status !== 'unlocked') return null;
  return (
    <MfaEnrolmentDialog
      open
      onClose={flag.hide}
      account={session.user}
      api={api}
      sendVerification={
        <SendVerificationButton
          emailVerified={false}
          sendCustomVerification={() => sendCustomEmailVerification(auth.deps.isDevelopment)}
          sendDefaultVerification={async () => (await auth.gateway()).sendVerificationEmail()}
        />
      }
    />
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
