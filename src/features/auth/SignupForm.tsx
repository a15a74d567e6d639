import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { AuthFooter, EmailField, FormAlert, ModeSwitch, PasswordField } from './fields';
import { validationError } from './formError';
import { NewMasterPasswordFields } from './NewMasterPasswordFields';
import { useHcaptcha } from './useHcaptcha';
import { useSubmit } from './useSubmit';
import { samePasswordWarning, signupRuleStillFails, validateSignup, type SignupInput } from './validation';

export interface SignupValues {
  readonly email: string;
  readonly accountPassword: string;
  readonly masterPassword: string;
}

/** Email sign-up (SPEC.md §4 "Signup", §5 "Signup"). */
export function SignupForm({
  initialEmail,
  hcaptchaSiteKey,
  onSubmit,
  onSwitch,
  onBack,
}: {
  initialEmail: string;
  hcaptchaSiteKey: string | null;
  /** Creates the account once the bot check passed; throws what the user should read. */
  onSubmit: (values: SignupValues) => Promise<void>;
  onSwitch: (email: string) => void;
  onBack: (email: string) => void;
}) {
  const errorId = useId();
  const warningId = useId();
  const submission = useSubmit(errorId);
  const { busy, error, submit, setError, errorIdFor } = submission;
  const botCheck = useHcaptcha(hcaptchaSiteKey);
  const [phase, setPhase] = useState<'bot-check' | 'keys'>('bot-check');
  const [email, setEmail] = useState(initialEmail);
  const [accountPassword, setAccountPassword] = useState('');
  const [confirmAccountPassword, setConfirmAccountPassword] = useState('');
  const [masterPassword, setMasterPassword] = useState('');
  const [confirmMasterPassword, setConfirmMasterPassword] = useState('');
  const samePasswords = samePasswordWarning(accountPassword, masterPassword);
  const values: SignupInput = { email, accountPassword, confirmAccountPassword, masterPassword, confirmMasterPassword };

  /** Sets one field; a rule message the edit has fixed goes at once (the other values stay). */
  function change(field: keyof SignupInput, set: (value: string) => void): (value: string) => void {
    return (value) => {
      set(value);
      if (error !== null && !signupRuleStillFails(error.message, { ...values, [field]: value })) setError(null);
    };
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || masterPassword === '') return;
    const invalid = validateSignup(values);
    if (invalid !== null) {
      setError(validationError(invalid));
      return;
    }
    void submit(async () => {
      setPhase(hcaptchaSiteKey === null ? 'keys' : 'bot-check');
      await botCheck.run();
      setPhase('keys');
      await onSubmit({ email, accountPassword, masterPassword });
    });
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormAlert id={errorId} error={error} />
      <EmailField label="Email" value={email} onChange={change('email', setEmail)} autoComplete="email" errorId={errorIdFor('email')} />
      <PasswordField
        label="Account password"
        toggleName="account password"
        value={accountPassword}
        onChange={change('accountPassword', setAccountPassword)}
        autoComplete="new-password"
        errorId={errorIdFor('accountPassword')}
        hint="Signs you in to Keyloft."
      />
      <PasswordField
        label="Confirm account password"
        toggleName="account password confirmation"
        value={confirmAccountPassword}
        onChange={change('confirmAccountPassword', setConfirmAccountPassword)}
        autoComplete="new-password"
        errorId={errorIdFor('confirmAccountPassword')}
      />
      <NewMasterPasswordFields
        masterPassword={masterPassword}
        confirm={confirmMasterPassword}
        onMasterPasswordChange={change('masterPassword', setMasterPassword)}
        onConfirmChange={change('confirmMasterPassword', setConfirmMasterPassword)}
        email={email}
        submission={submission}
        warningId={samePasswords ? warningId : undefined}
      />
      {samePasswords && (
        <p id={warningId} role="status" className="notice notice--warning auth-notice">
          Your master password is the same as your account password. Use a different one, so that knowing
          your account password is not enough to open your vault.
        </p>
      )}
      {botCheck.widget}
      {busy && (
        <p role="status" className="auth-progress">
          {phase === 'keys' ? 'Creating your encryption keys…' : 'Checking that you are not a bot…'}
        </p>
      )}
      <Button type="submit" className="auth-submit" disabled={busy || masterPassword === ''}>
        {busy ? 'Creating account…' : 'Create Account'}
      </Button>
      <AuthFooter
        onBack={() => {
          onBack(email);
        }}
        disabled={busy}
      >
        <ModeSwitch
          signup
          onSwitch={() => {
            onSwitch(email);
          }}
          disabled={busy}
        />
      </AuthFooter>
    </form>
  );
}
