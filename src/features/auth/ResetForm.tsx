import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { AuthFooter, EmailField, FormAlert } from './fields';
import { validationError } from './formError';
import { resetEmailSent } from './messages';
import { useSubmit } from './useSubmit';
import { validateResetRequest } from './validation';

/** Asks for a password reset email (SPEC.md §4 "Password reset", §5 "Reset request"). */
export function ResetForm({
  initialEmail,
  onSubmit,
  onBack,
}: {
  initialEmail: string;
  /** Sends the reset email; throws what the user should read. */
  onSubmit: (email: string) => Promise<void>;
  onBack: (email: string) => void;
}) {
  const errorId = useId();
  const { busy, error, submit, setError, errorIdFor } = useSubmit(errorId);
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateResetRequest(email);
    if (invalid !== null) {
      setSentTo(null);
      setError(validationError(invalid));
      return;
    }
    setSentTo(null);
    void submit(async () => {
      await onSubmit(email);
      setSentTo(email);
    });
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <p className="auth-intro">Enter the email you sign in with and we will send you a link to choose a new account password.</p>
      <FormAlert id={errorId} error={error} />
      {sentTo !== null && (
        <p role="status" className="notice notice--success auth-notice">
          {resetEmailSent(sentTo)}
        </p>
      )}
      <EmailField label="Email" value={email} onChange={setEmail} autoComplete="email" errorId={errorIdFor('email')} />
      <p className="field__hint auth-intro">
        Resetting the account password does not change your master password, which cannot be recovered.
      </p>
      <Button type="submit" className="auth-submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send Reset Link'}
      </Button>
      <AuthFooter
        onBack={() => {
          onBack(email);
        }}
        backLabel="Back to Sign In"
        disabled={busy}
      />
    </form>
  );
}
