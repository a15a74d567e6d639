import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { AuthFooter, EmailField, FormAlert, MasterPasswordField, ModeSwitch, PasswordField } from './fields';
import { validationError, type FormError } from './formError';
import { useSubmit } from './useSubmit';
import { validateLogin, type LoginInput } from './validation';

/** Email sign-in: email, account password and master password (SPEC.md §4, §5 "Login"). */
export function LoginForm({
  initialEmail,
  initialError,
  onSubmit,
  onForgotPassword,
  onSwitch,
  onBack,
}: {
  initialEmail: string;
  /** A sign-in that failed after its second factor lands back here with its message. */
  initialError: FormError | null;
  /** Signs in; throws what the user should read. */
  onSubmit: (input: LoginInput) => Promise<void>;
  onForgotPassword: (email: string) => void;
  onSwitch: (email: string) => void;
  onBack: (email: string) => void;
}) {
  const errorId = useId();
  const submission = useSubmit(errorId, initialError);
  const { busy, error, submit, setError, errorIdFor } = submission;
  const [email, setEmail] = useState(initialEmail);
  const [accountPassword, setAccountPassword] = useState('');
  const [masterPassword, setMasterPassword] = useState('');

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const input = { email, accountPassword, masterPassword };
    const invalid = validateLogin(input);
    if (invalid !== null) {
      setError(validationError(invalid));
      return;
    }
    void submit(() => onSubmit(input));
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormAlert id={errorId} error={error} />
      <EmailField label="Email" value={email} onChange={setEmail} autoComplete="email" errorId={errorIdFor('email')} />
      <PasswordField
        label="Account password"
        toggleName="account password"
        value={accountPassword}
        onChange={setAccountPassword}
        autoComplete="current-password"
        errorId={errorIdFor('accountPassword')}
      />
      <MasterPasswordField
        value={masterPassword}
        onChange={setMasterPassword}
        errorId={errorIdFor('masterPassword')}
        hint="Unlocks your vault on this device. It is never sent to our servers."
      />
      <div className="auth-row">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            onForgotPassword(email);
          }}
          disabled={busy}
        >
          Forgot password?
        </Button>
      </div>
      <Button type="submit" className="auth-submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign In'}
      </Button>
      <AuthFooter
        onBack={() => {
          onBack(email);
        }}
        disabled={busy}
      >
        <ModeSwitch
          signup={false}
          onSwitch={() => {
            onSwitch(email);
          }}
          disabled={busy}
        />
      </AuthFooter>
    </form>
  );
}
