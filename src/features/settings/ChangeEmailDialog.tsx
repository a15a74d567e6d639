import { useRef, useState, type SubmitEvent } from 'react';
import { checkNewEmail } from '@keyloft/contract/emailChange';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { useSubmit } from '../../ui/useSubmit';
import { emailChangeSendError } from './settingsErrors';
import './settings.css';

export const CHANGE_EMAIL_TITLE = 'Change Email';

export interface ChangeEmailDialogProps {
  open: boolean;
  /** The account's address now, or null when it has none. */
  currentEmail: string | null;
  /**
   * Asks for the confirmation email: sendCustomEmailChange(newEmail, isDevelopment) from
   * src/data/functions/accountFunctions.ts. Rejects when it was not sent.
   */
  sendEmailChange: (newEmail: string) => Promise<void>;
  onClose: () => void;
  /** SPEC.md §4: once the confirmation is sent, closing the message logs the user out. */
  onSignOut: () => void;
}

/** Account Settings → Change Email (SPEC.md §4, §5). */
export function ChangeEmailDialog(props: ChangeEmailDialogProps) {
  if (!props.open) return null;
  return <ChangeEmailForm {...props} />;
}

function ChangeEmailForm({ currentEmail, sendEmailChange, onClose, onSignOut }: ChangeEmailDialogProps) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { busy: sending, error: sendError, submit, setError: setSendError } = useSubmit(emailChangeSendError);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSendError(null);
    const checked = checkNewEmail(email, currentEmail);
    if (!checked.ok) {
      setFieldError(checked.message);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    void send(checked.email);
  }

  async function send(newEmail: string) {
    const result = await submit(() => sendEmailChange(newEmail));
    if (result.done) setSentTo(newEmail);
  }

  if (sentTo !== null) {
    const finish = () => {
      onSignOut();
      onClose();
    };
    return (
      // Keyed: a dialog of its own, so focus moves to its button (the form's button is gone).
      <Dialog key="sent" open onClose={finish} title={CHANGE_EMAIL_TITLE} closeLabel="Close and sign out">
        <p role="status" className="notice notice--success settings-form__notice">
          Confirmation email sent to {sentTo}.
        </p>
        <p>
          Open the link in that email within one hour to finish the change. You will now be signed out; after
          confirming, sign in with {sentTo}.
        </p>
        <div className="settings-form__buttons">
          <Button onClick={finish}>OK, sign out</Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      key="form"
      open
      onClose={() => {
        if (!sending) onClose();
      }}
      title={CHANGE_EMAIL_TITLE}
      description={currentEmail === null ? undefined : `Current email: ${currentEmail}`}
    >
      <form noValidate aria-busy={sending} onSubmit={handleSubmit}>
        {sendError !== null && (
          <p role="alert" className="notice notice--error settings-form__notice">
            {sendError}
          </p>
        )}
        <TextField
          label="New email address"
          inputRef={inputRef}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
          }}
          required
          error={fieldError}
          hint="We will email a confirmation link to the new address."
        />
        <div className="settings-form__buttons">
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send confirmation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
