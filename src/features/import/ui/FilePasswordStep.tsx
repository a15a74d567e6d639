import { useId, type Ref } from 'react';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';

/** A KeePass database's key file: offered beside the master password (issue #44). */
export interface KeyFileChoice {
  /** The key file chosen so far, or null. */
  readonly name: string | null;
  readonly onPick: (file: File) => void;
  readonly onClear: () => void;
}

export interface FilePasswordStepProps {
  /** Why the password is asked for (NeedsFilePasswordError's message). */
  readonly message: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** 'That password does not open this file.' after a wrong one; what was typed stays. */
  readonly error: string | null;
  readonly disabled?: boolean;
  readonly inputRef?: Ref<HTMLInputElement>;
  /** Present for a KeePass database: the password is then its master password, and a key file may go with it. */
  readonly keyFile?: KeyFileChoice;
}

function KeyFilePicker({ name, onPick, onClear, disabled }: KeyFileChoice & { readonly disabled: boolean }) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        Key file (optional)
      </label>
      <input
        id={inputId}
        type="file"
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same key file again is a change too.
          event.target.value = '';
          if (file !== undefined) onPick(file);
        }}
      />
      <p id={hintId} className="field__hint">
        Only if the database was set up with one. It is read on this device and never uploaded.
      </p>
      {name !== null && (
        <p className="import-drop__chosen">
          Chosen key file: <strong>{name}</strong>{' '}
          <Button variant="secondary" onClick={onClear} disabled={disabled}>
            Remove key file
          </Button>
        </p>
      )}
    </div>
  );
}

/** The password an encrypted file was sealed with: a Keyloft or Bitwarden export's, a KeePass database's (with its key file). */
export function FilePasswordStep({ message, value, onChange, error, disabled = false, inputRef, keyFile }: FilePasswordStepProps) {
  return (
    <>
      <PasswordField
        label={keyFile === undefined ? 'File password' : 'Master password'}
        toggleName={keyFile === undefined ? 'file password' : 'master password'}
        value={value}
        onChange={onChange}
        autoComplete="off"
        hint={message}
        error={error}
        required={keyFile === undefined}
        disabled={disabled}
        inputRef={inputRef}
      />
      {keyFile !== undefined && <KeyFilePicker {...keyFile} disabled={disabled} />}
    </>
  );
}
