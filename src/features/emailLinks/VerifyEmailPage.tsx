import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuthGateway } from '../../data/auth/authGateway';
import { LinkButton } from '../../ui/LinkButton';
import { ActionCodeFailed } from './ActionCodeFailed';
import { readActionCode } from './actionLink';
import { EmailLinkLayout, EmailLinkLoading } from '../../ui/EmailLinkLayout';
import { SingleFlight } from '../../ui/singleFlight';
import { useSharedTask } from '../../ui/useSharedTask';
import { InvalidLink } from './InvalidLink';
import { useRedirectAfterDelay } from './useRedirectAfterDelay';
import './emailLinks.css';

export type VerifyEmailGateway = Pick<AuthGateway, 'applyEmailVerificationCode'>;

export type VerifyEmailPageProps = {
  /** Loads the auth service on demand, so this page can be reached without Firebase in the bundle. Keep it stable. */
  loadGateway: () => Promise<VerifyEmailGateway>;
};

// Module level so that StrictMode's second mount (and a later visit to the same link) shares the one
// apply: the code is single-use.
const verifications = new SingleFlight<void>(true);

/** /verify-email?mode=verifyEmail&oobCode=…: applies the emailed code once, then goes to the dashboard. */
export function VerifyEmailPage({ loadGateway }: VerifyEmailPageProps) {
  const [params] = useSearchParams();
  const code = readActionCode(params, 'verifyEmail');
  const apply = useCallback(
    async (oobCode: string) => {
      await (await loadGateway()).applyEmailVerificationCode(oobCode);
    },
    [loadGateway],
  );
  const { result, retry } = useSharedTask(code, verifications, apply);

  let content;
  if (code === null) {
    content = (
      <InvalidLink heading="Invalid verification link">
        This link is incomplete or is not an email verification link. Open it again from your verification
        email, making sure the whole address is used.
      </InvalidLink>
    );
  } else if (result === null) {
    content = <EmailLinkLoading heading="Verifying your email" status="Checking your verification link…" />;
  } else if (!result.ok) {
    content = <VerificationFailed error={result.error} onRetry={retry} />;
  } else {
    content = <Verified />;
  }
  return <EmailLinkLayout title="Verify your email">{content}</EmailLinkLayout>;
}


function Verified() {
  useRedirectAfterDelay('/dashboard');
  return (
    <>
      <h1>Email verified!</h1>
      <p role="status">Your email address is confirmed. Taking you to your dashboard…</p>
      <div className="email-link__actions">
        <LinkButton to="/dashboard" replace variant="primary">
          Go to dashboard now
        </LinkButton>
      </div>
    </>
  );
}

function VerificationFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ActionCodeFailed heading="We couldn’t verify your email" flow="verifyEmail" error={error} onRetry={onRetry} />;
}
