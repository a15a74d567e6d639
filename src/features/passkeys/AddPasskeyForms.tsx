import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { PasskeyEnrolment } from '../../crypto';
import { PASSKEY_NAME_MAX_LENGTH } from '../../data/passkeys/storedPasskeys';
import { Button } from '../../ui/Button';
import { PasswordField } from '../../ui/PasswordField';
import { PASSKEY_SECTION_MESSAGES } from './passkeyMessages';
import type { PasskeySettingsApi } from './passkeyService';
import { PasskeyError } from './webauthn';

// Adding a passkey, in two steps with a press each: the master password first (the vault key must
// be opened to be wrapped again, and a mistyped password then leaves no passkey behind), then the
// authenticator, which browsers let a page call only right after a press.

function messageOf(error: unknown): string {
  if (error instanceof PasskeyError) return error.message;
  console.error(PASSKEY_SECTION_MESSAGES.failed, error);
  return PASSKEY_SECTION_MESSAGES.failed;
}

/**
 * One step's form: `work` runs on submit (once at a time) unless `invalid` names what is missing;
 * a failure is shown and the field gets the focus back for another try. On success the step is
 * left busy: the next step replaces it.
 */
function useStep(work: () => Promise<void>, invalid: () => string | null = () => null) {
  const alertId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!busy) input.current?.focus();
  }, [busy, error]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const missing = invalid();
    if (missing !== null) {
      setError(missing);
      return;
    }
    setBusy(true);
    try {
      await work();
    } catch (cause) {
      setError(messageOf(cause));
      setBusy(false);
    }
  }

  const notice =
    error === null ? null : (
      <p id={alertId} role="alert" className="notice notice--error">
        {error}
      </p>
    );
  return { alertId, busy, error, input, notice, submit };
}

export function ConfirmMasterPassword({
  api,
  onConfirmed,
  onCancel,
}: {
  readonly api: PasskeySettingsApi;
  readonly onConfirmed: (enrolment: PasskeyEnrolment) => void;
  readonly onCancel: () => void;
}) {
  const [masterPassword, setMasterPassword] = useState('');
  const { alertId, busy, error, input, notice, submit } = useStep(
    async () => {
      onConfirmed(await api.confirmMasterPassword(masterPassword));
    },
    () => (masterPassword === '' ? 'Enter your master password.' : null),
  );

  return (
    <form className="passkey-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} aria-label="Add a passkey">
      <p className="settings-section__note">{PASSKEY_SECTION_MESSAGES.confirmStep}</p>
      {notice}
      <PasswordField
        label="Master password"
        toggleName="master password"
        value={masterPassword}
        onChange={setMasterPassword}
        autoComplete="current-password"
        inputRef={input}
        invalid={error !== null}
        describedBy={[error === null ? null : alertId]}
        disabled={busy}
        required
      />
      <div className="settings-dialog__buttons">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Checking…' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}

export function CreatePasskey({
  api,
  enrolment,
  onAdded,
  onCancel,
}: {
  readonly api: PasskeySettingsApi;
  readonly enrolment: PasskeyEnrolment;
  readonly onAdded: () => void;
  readonly onCancel: () => void;
}) {
  const nameId = useId();
  const [name, setName] = useState('');
  const { alertId, busy, error, input, notice, submit } = useStep(async () => {
    await api.register(enrolment, name);
    onAdded();
  });

  return (
    <form className="passkey-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} aria-label="Create the passkey">
      <p className="settings-section__note">{PASSKEY_SECTION_MESSAGES.createStep}</p>
      {notice}
      <div className="field">
        <label htmlFor={nameId} className="field__label">
          Passkey name
        </label>
        <input
          id={nameId}
          ref={input}
          className="input"
          value={name}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          placeholder="e.g. Work laptop"
          autoComplete="off"
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={error === null ? undefined : alertId}
          disabled={busy}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
      </div>
      <div className="settings-dialog__buttons">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Waiting for the passkey…' : 'Create passkey'}
        </Button>
      </div>
    </form>
  );
}
