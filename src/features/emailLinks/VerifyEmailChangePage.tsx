import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { EmailLinkLayout, EmailLinkLoading } from '../../ui/EmailLinkLayout';
import { FailedState } from '../../ui/FailedState';
import { LinkButton } from '../../ui/LinkButton';
import { SingleFlight } from '../../ui/singleFlight';
import { useSharedTask } from '../../ui/useSharedTask';
import { canRetryEmailChange, emailChangeErrorMessage } from './emailChangeErrors';
import { InvalidLink } from './InvalidLink';
import { useRedirectAfterDelay } from './useRedirectAfterDelay';
import './emailLinks.css';

export type VerifyEmailChangePageProps = {
  /** verifyEmailChangeToken (src/data/functions/accountFunctions.ts). Keep it stable. */
  verifyEmailChange: (token: string, newEmail: string) => Promise<void>;
};

// Module level so that StrictMode's second mount (and a later visit to the same link) shares the
// one call: the token is single-use.
const changes = new SingleFlight<void>(true);

/** The token and address of the link, or null when either is missing. */
export function readEmailChangeLink(params: URLSearchParams): { token: string; newEmail: string } | null {
  const token = params.get('token')?.trim() ?? '';
  const newEmail = params.get('newEmail')?.trim() ?? '';
  return token === '' || newEmail === '' ? null : { token, newEmail };
}

/** /verify-email-change?token=…&newEmail=…: confirms the new address once, then goes to the dashboard. */
export function VerifyEmailChangePage({ verifyEmailChange }: VerifyEmailChangePageProps) {
  const [params] = useSearchParams();
  const link = readEmailChangeLink(params);
  // One key for the pair: the same token with another address is another call.
  const key = link === null ? null : JSON.stringify([link.token, link.newEmail]);
  const apply = useCallback(
    async (pair: string) => {
      const [token, newEmail] = JSON.parse(pair) as [string, string];
      await verifyEmailChange(token, newEmail);
    },
    [verifyEmailChange],
  );
  const { result, retry } = useSharedTask(key, changes, apply);

  let content;
  if (link === null) {
    content = (
      <InvalidLink heading="Invalid email change link" back={<BackButtons primary="dashboard" />}>
        This link is incomplete or is not an email change link. Open it again from the confirmation email,
        making sure the whole address is used.
      </InvalidLink>
    );
  } else if (result === null) {
    content = <EmailLinkLoading heading="Confirming your new email" status="Checking your email change link…" />;
  } else if (!result.ok) {
    content = <ChangeFailed error={result.error} onRetry={retry} />;
  } else {
    content = <Changed newEmail={link.newEmail} />;
  }
  return <EmailLinkLayout title="Confirm email change">{content}</EmailLinkLayout>;
}

function BackButtons({ email, primary }: { email?: string; primary: 'dashboard' | 'login' }) {
  const signIn = useMemo(() => authModalState(false, { email }), [email]);
  return (
    <>
      <LinkButton to="/dashboard" replace variant={primary === 'dashboard' ? 'primary' : 'secondary'}>
        Back to dashboard
      </LinkButton>
      <LinkButton to="/" replace state={signIn} variant={primary === 'login' ? 'primary' : 'secondary'}>
        Go to login
      </LinkButton>
    </>
  );
}


function Changed({ newEmail }: { newEmail: string }) {
  useRedirectAfterDelay('/dashboard');
  return (
    <>
      <h1>Email address changed!</h1>
      <p role="status">
        Your account now uses {newEmail}. Sign in with it from now on. Taking you to your dashboard…
      </p>
      <div className="email-link__actions">
        <BackButtons email={newEmail} primary="dashboard" />
      </div>
    </>
  );
}

function ChangeFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const retryable = canRetryEmailChange(error);
  return (
    <FailedState
      heading="We couldn’t change your email"
      message={emailChangeErrorMessage(error)}
      onRetry={retryable ? onRetry : undefined}
      back={<BackButtons primary={retryable ? 'dashboard' : 'login'} />}
      actionsClassName="email-link__actions"
    />
  );
}
