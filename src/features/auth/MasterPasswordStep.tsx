import { useId, useState, type SubmitEvent } from 'react';
import type { AuthUser } from '../../data/auth/authGateway';
import { Button } from '../../ui/Button';
import { AuthFooter, FormAlert, MasterPasswordField } from './fields';
import { validationError } from './formError';
import { FlowError, MESSAGES } from './flows/errors';
import { NewMasterPasswordFields } from './NewMasterPasswordFields';
import { useSubmit } from './useSubmit';
import {
  canSubmitNewMasterPassword,
  newMasterPasswordRuleStillFails,
  validateNewMasterPassword,
  VALIDATION,
} from './validation';

interface StepProps {
  user: AuthUser;
  /** Unlocks (or creates) the vault; throws what the user should read. */
  onSubmit: (masterPassword: string) => Promise<void>;
  /** Signs the pending user out and closes; without it there is no Cancel (the lock screen has Log out). */
  onCancel?: () => void;
}

function SignedInAs({ user }: { user: AuthUser }) {
  return user.email === null ? null : (
    <p className="auth-intro">
      Signed in as <strong className="auth-email">{user.email}</strong>.
    </p>
  );
}

/** 'Enter Master Password': a signed-in user with a vault (SPEC.md §2, §4 "Third-party sign-in"). */
export function EnterMasterPassword({ user, onSubmit, onCancel }: StepProps) {
  const errorId = useId();
  const { busy, error, submit, setError, errorIdFor } = useSubmit(errorId);
  const [masterPassword, setMasterPassword] = useState('');

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (masterPassword === '') {
      setError(validationError(VALIDATION.masterPasswordRequiredForLogin));
      return;
    }
    void submit(async () => {
      try {
        await onSubmit(masterPassword);
      } catch (failure) {
        // SPEC.md §8: after a wrong master password the input is cleared.
        if (failure instanceof FlowError && failure.message === MESSAGES.invalidMasterPassword) setMasterPassword('');
        throw failure;
      }
    });
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <SignedInAs user={user} />
      <FormAlert id={errorId} error={error} />
      <MasterPasswordField
        value={masterPassword}
        onChange={setMasterPassword}
        errorId={errorIdFor('masterPassword')}
      />
      <Button type="submit" className="auth-submit" disabled={busy}>
        {busy ? 'Unlocking…' : 'Unlock'}
      </Button>
      <AuthFooter onCancel={onCancel} disabled={busy} />
    </form>
  );
}

/** 'Set Master Password': a new third-party user creates their vault (SPEC.md §5). */
export function SetMasterPassword({ user, onSubmit, onCancel }: StepProps) {
  const errorId = useId();
  const submission = useSubmit(errorId);
  const { busy, error, submit, setError } = submission;
  const [masterPassword, setMasterPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const ready = canSubmitNewMasterPassword(masterPassword, confirm);

  /** A rule message the edit has fixed goes at once; the other field keeps its value. */
  function clearFixed(nextMasterPassword: string, nextConfirm: string) {
    if (error !== null && !newMasterPasswordRuleStillFails(error.message, nextMasterPassword, nextConfirm)) setError(null);
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !ready) return;
    const invalid = validateNewMasterPassword(masterPassword, confirm);
    if (invalid !== null) {
      setError(validationError(invalid));
      return;
    }
    void submit(() => onSubmit(masterPassword));
  }

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <SignedInAs user={user} />
      <p className="auth-intro">Choose the master password that encrypts your vault. It is separate from your sign-in.</p>
      <FormAlert id={errorId} error={error} />
      <NewMasterPasswordFields
        masterPassword={masterPassword}
        confirm={confirm}
        onMasterPasswordChange={(value) => {
          setMasterPassword(value);
          clearFixed(value, confirm);
        }}
        onConfirmChange={(value) => {
          setConfirm(value);
          clearFixed(masterPassword, value);
        }}
        email={user.email ?? ''}
        submission={submission}
      />
      {busy && (
        <p role="status" className="auth-progress">
          Creating your encryption keys…
        </p>
      )}
      <Button type="submit" className="auth-submit" disabled={busy || !ready}>
        {busy ? 'Creating vault…' : 'Set Master Password'}
      </Button>
      <AuthFooter onCancel={onCancel} disabled={busy} />
    </form>
  );
}
