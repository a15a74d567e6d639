import { useCallback, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuthGateway } from '../../data/auth/authGateway';
import { authModalState } from '@keyloft/contract/authModalRequest';
import { Button } from '../../ui/Button';
import { LinkButton } from '../../ui/LinkButton';
import { actionCodeErrorMessage, authErrorCode, canRetryActionCode } from './actionCodeErrors';
import { ActionCodeFailed } from './ActionCodeFailed';
import { readActionCode } from './actionLink';
import { EmailLinkLayout, EmailLinkLoading } from '../../ui/EmailLinkLayout';
import { SingleFlight } from '../../ui/singleFlight';
import { useSharedTask } from '../../ui/useSharedTask';
import { PasswordField } from '../../ui/PasswordField';
import { MIN_RESET_PASSWORD_LENGTH, validateResetPassword, type ResetPasswordField } from './resetPasswordValidation';
import { useSubmit } from '../../ui/useSubmit';
import { InvalidLink } from './InvalidLink';
import { useRedirectAfterDelay } from './useRedirectAfterDelay';
import './emailLinks.css';

export type ResetPasswordGateway = Pick<AuthGateway, 'verifyPasswordResetCode' | 'confirmPasswordReset'>;

export type ResetPasswordPageProps = {
  /** Loads the auth service on demand, so this page can be reached without Firebase in the bundle. Keep it stable. */
  loadGateway: () => Promise<ResetPasswordGateway>;
};

type CheckedLink = { readonly gateway: ResetPasswordGateway; readonly email: string };

// Checking a reset code does not use it up, but StrictMode's second mount need not check it twice.
const checks = new SingleFlight<CheckedLink>(false);

/**
 * /reset-password?mode=resetPassword&oobCode=…: checks the emailed code, asks for a new password,
 * confirms the reset, then goes to sign in.
 */
export function ResetPasswordPage({ loadGateway }: ResetPasswordPageProps) {
  const [params] = useSearchParams();
  const code = readActionCode(params, 'resetPassword');
  const check = useCallback(
    async (oobCode: string): Promise<CheckedLink> => {
      const gateway = await loadGateway();
      return { gateway, email: await gateway.verifyPasswordResetCode(oobCode) };
    },
    [loadGateway],
  );
  const { result, retry } = useSharedTask(code, checks, check);

  let content;
  if (code === null) {
    content = (
      <InvalidLink heading="Invalid password reset link">
        This link is incomplete or is not a password reset link. Open it again from your password reset email,
        making sure the whole address is used.
      </InvalidLink>
    );
  } else if (result === null) {
    content = <EmailLinkLoading heading="Reset your password" status="Checking your reset link…" />;
  } else if (!result.ok) {
    content = <ResetFailed error={result.error} onRetry={retry} />;
  } else {
    content = <ResetFlow key={code} code={code} link={result.value} />;
  }
  return <EmailLinkLayout title="Reset your password">{content}</EmailLinkLayout>;
}


function ResetFailed({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <ActionCodeFailed heading="We couldn’t reset your password" flow="resetPassword" error={error} onRetry={onRetry}>
      {/* The spec's 'Invalid reset code.' is terse: say what it means and what to do. */}
      {authErrorCode(error) === 'auth/invalid-action-code' && (
        <p>
          The link may have been used already or copied only in part. Reset links work once: ask for a new one from
          the sign-in screen.
        </p>
      )}
    </ActionCodeFailed>
  );
}

type FlowState =
  | { readonly step: 'form' }
  | { readonly step: 'done' }
  | { readonly step: 'failed'; readonly error: unknown };

type FormErrors = {
  readonly newPassword?: string;
  readonly confirmPassword?: string;
  /** A failure that belongs to no one field. */
  readonly form?: string;
};

/** A refused reset the form can take again: a weak password is the new password's, anything else the form's. */
function resetFailure(failure: unknown): FormErrors {
  const message = actionCodeErrorMessage(failure, 'resetPassword');
  return authErrorCode(failure) === 'auth/weak-password' ? { newPassword: message } : { form: message };
}

/** The form and what follows it, for one checked code. */
function ResetFlow({ code, link }: { code: string; link: CheckedLink }) {
  const [state, setState] = useState<FlowState>({ step: 'form' });
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy: submitting, error, submit, setError } = useSubmit(resetFailure);
  const errors: FormErrors = error ?? {};
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const confirmPasswordRef = useRef<HTMLInputElement>(null);

  if (state.step === 'done') return <ResetDone email={link.email} />;
  if (state.step === 'failed') return <ResetFailed error={state.error} />;

  function focusField(field: ResetPasswordField) {
    (field === 'newPassword' ? newPasswordRef : confirmPasswordRef).current?.focus();
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const issue = validateResetPassword(newPassword, confirmPassword);
    if (issue) {
      setError({ [issue.field]: issue.message });
      focusField(issue.field);
      return;
    }
    const result = await submit(async (): Promise<FlowState> => {
      try {
        await link.gateway.confirmPasswordReset(code, newPassword);
      } catch (failure) {
        // A code that can no longer be used ends the flow; any other failure is the form's to show.
        if (!canRetryActionCode(failure)) return { step: 'failed', error: failure };
        if (authErrorCode(failure) === 'auth/weak-password') focusField('newPassword');
        throw failure;
      }
      return { step: 'done' };
    });
    if (result.done) setState(result.value);
  }

  function edit(setValue: (value: string) => void) {
    return (value: string) => {
      setValue(value);
      setError(null);
    };
  }

  return (
    <>
      <h1>Reset your password</h1>
      <p>
        Choose a new password for <strong className="email-link__email">{link.email}</strong>.
      </p>
      <p className="email-link__note">
        This changes the password you sign in with. Your master password, which unlocks your vault, stays the same.
      </p>
      <form
        className="email-link__form"
        noValidate
        aria-busy={submitting}
        onSubmit={(event) => {
          void handleSubmit(event);
        }}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <PasswordField
          label="New password"
          toggleName="new password"
          value={newPassword}
          onChange={edit(setNewPassword)}
          autoComplete="new-password"
          hint={`At least ${MIN_RESET_PASSWORD_LENGTH} characters.`}
          error={errors.newPassword}
          inputRef={newPasswordRef}
        />
        <PasswordField
          label="Confirm new password"
          toggleName="password confirmation"
          value={confirmPassword}
          onChange={edit(setConfirmPassword)}
          autoComplete="new-password"
          error={errors.confirmPassword}
          inputRef={confirmPasswordRef}
        />
        {errors.form && (
          <p role="alert" className="notice notice--error">
            {errors.form}
          </p>
        )}
        <Button type="submit" variant="primary" className="email-link__submit" disabled={submitting}>
          {submitting ? 'Resetting password…' : 'Reset password'}
        </Button>
      </form>
    </>
  );
}

function ResetDone({ email }: { email: string }) {
  // Opens the sign-in modal on the landing page with the account's email filled in.
  const signIn = useMemo(() => authModalState(false, { email }), [email]);
  useRedirectAfterDelay('/', signIn);
  return (
    <>
      <h1>Password reset</h1>
      <p role="status">Your password has been changed. Taking you to sign in…</p>
      <div className="email-link__actions">
        <LinkButton to="/" state={signIn} replace variant="primary">
          Sign in now
        </LinkButton>
      </div>
    </>
  );
}
