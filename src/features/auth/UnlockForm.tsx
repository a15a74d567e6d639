import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../ui/Button';
import { FormAlert, MasterPasswordField } from './fields';
import { validationError } from './formError';
import { useSubmit } from './useSubmit';
import { VALIDATION } from './validation';

/**
 * The lock screen's form: the master password and Unlock. The field takes focus on arrival and
 * again after a failure, its text selected, so a wrong password is retyped (or corrected after
 * Show) at once; Enter submits.
 */
export function UnlockForm({ onUnlock, labelledBy }: { onUnlock: (masterPassword: string) => Promise<void>; labelledBy: string }) {
  const errorId = useId();
  const { busy, error, submit, setError, errorIdFor } = useSubmit(errorId);
  const [masterPassword, setMasterPassword] = useState('');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  function focusField() {
    input.current?.focus();
    input.current?.select();
  }

  async function unlock() {
    if (masterPassword === '') {
      setError(validationError(VALIDATION.masterPasswordRequiredForLogin));
      focusField();
      return;
    }
    // On success the session is unlocked and this screen goes: only a failure comes back here.
    const settled = await submit(() => onUnlock(masterPassword));
    if (!settled.done) focusField();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) void unlock();
  }

  return (
    <form className="auth-form lock-screen__form" noValidate onSubmit={handleSubmit} aria-busy={busy} aria-labelledby={labelledBy}>
      <MasterPasswordField
        value={masterPassword}
        onChange={setMasterPassword}
        errorId={errorIdFor('masterPassword')}
        inputRef={input}
      />
      <FormAlert id={errorId} error={error} />
      <Button type="submit" className="auth-submit" disabled={busy}>
        {busy ? 'Unlocking…' : 'Unlock'}
      </Button>
    </form>
  );
}
