import { useId, useState, type SubmitEvent } from 'react';
import { MfaRequiredError, type MfaChallenge } from '../../data/auth/authGateway';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PasswordField } from '../../ui/PasswordField';
import { useSubmit } from '../../ui/useSubmit';
import { ACCOUNT_PASSWORD_MESSAGES, validateAccountPasswordChange } from './accountPasswordValidation';
import { ReauthSecondFactor } from './ReauthSecondFactor';
import { accountPasswordError } from './settingsErrors';
import './settings.css';

export const CHANGE_ACCOUNT_PASSWORD_TITLE = 'Change Account Password';

export interface ChangeAccountPasswordDialogProps {
  open: boolean;
  /**
   * AuthGateway.changeAccountPassword: re-authenticates with `current`, then sets `next`; for a
   * two-factor account it throws MfaRequiredError, whose challenge finishes the change.
   */
  changeAccountPassword: (current: string, next: string) => Promise<void>;
  onClose: () => void;
}

/** Account Settings → Change Account Password (the sign-in password, not the master password). */
export function ChangeAccountPasswordDialog(props: ChangeAccountPasswordDialogProps) {
  if (!props.open) return null;
  return <ChangeAccountPasswordForm {...props} />;
}

function ChangeAccountPasswordForm({ changeAccountPassword, onClose }: ChangeAccountPasswordDialogProps) {
  const alertId = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy: saving, error, submit, setError } = useSubmit(accountPasswordError);
  const [done, setDone] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const invalid = validateAccountPasswordChange(current, next, confirm);
    setError(invalid);
    if (invalid === null) void save();
  }

  async function save() {
    const result = await submit(async () => {
      try {
        await changeAccountPassword(current, next);
      } catch (failure) {
        // A two-factor account: the change finishes with the second factor, not with an error.
        if (failure instanceof MfaRequiredError) return failure.challenge;
        throw failure;
      }
      return null;
    });
    if (!result.done) return;
    if (result.value === null) setDone(true);
    else setChallenge(result.value);
  }

  if (done) {
    return (
      <Dialog key="done" open onClose={onClose} title={CHANGE_ACCOUNT_PASSWORD_TITLE}>
        <p role="status" className="notice notice--success settings-form__notice">
          {ACCOUNT_PASSWORD_MESSAGES.changed}
        </p>
        <div className="settings-form__buttons">
          <Button onClick={onClose}>Done</Button>
        </div>
      </Dialog>
    );
  }

  if (challenge !== null) {
    return (
      <Dialog key="second-factor" open onClose={onClose} title={CHANGE_ACCOUNT_PASSWORD_TITLE}>
        <ReauthSecondFactor
          challenge={challenge}
          onVerified={() => {
            setChallenge(null);
            setDone(true);
          }}
          onCancel={() => {
            setChallenge(null);
          }}
        />
      </Dialog>
    );
  }

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };
  return (
    <Dialog
      key="form"
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title={CHANGE_ACCOUNT_PASSWORD_TITLE}
    >
      <form noValidate aria-busy={saving} onSubmit={handleSubmit}>
        {error !== null && (
          <p id={alertId} role="alert" className="notice notice--error settings-form__notice">
            {error}
          </p>
        )}
        <PasswordField
          label="Current account password"
          toggleName="current account password"
          value={current}
          onChange={edit(setCurrent)}
          autoComplete="current-password"
          invalid={error !== null}
          describedBy={[error !== null ? alertId : null]}
          required
        />
        <PasswordField
          label="New account password"
          toggleName="new account password"
          value={next}
          onChange={edit(setNext)}
          autoComplete="new-password"
          invalid={error !== null}
          describedBy={[error !== null ? alertId : null]}
          required
        />
        <PasswordField
          label="Confirm new account password"
          toggleName="new account password confirmation"
          value={confirm}
          onChange={edit(setConfirm)}
          autoComplete="new-password"
          invalid={error !== null}
          describedBy={[error !== null ? alertId : null]}
          required
        />
        <div className="settings-form__buttons">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
