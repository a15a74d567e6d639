import { sendCustomEmailVerification } from '../../data/functions/callables';
import { MfaEnrolmentDialog } from '../../features/mfa';
import { SendVerificationButton } from '../../features/settings';
import { useSession } from '../../session/SessionContext';
import { useAppServices } from '../AppServices';
import { useMfaEnrolmentFlag } from './MfaEnrolmentFlag';
import { useMfaEnrolmentApi } from './useMfaEnrolmentApi';

/** The enrolment overlay itself, loaded only when the flag opens it (MfaEnrolment.tsx). */
export default function OpenEnrolment() {
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
