import { useId } from 'react';
import type { ExportChoice } from './buildExport';

export const EXPORT_CHOICES: readonly { readonly id: ExportChoice; readonly label: string }[] = [
  { id: 'keyloft-encrypted', label: 'Encrypted Keyloft file (recommended)' },
  { id: 'keyloft-json', label: 'Keyloft JSON (unencrypted)' },
  { id: 'csv', label: 'CSV, logins only (unencrypted)' },
  { id: 'bitwarden-json', label: 'Bitwarden JSON (unencrypted)' },
];

export const PLAIN_WARNING =
  'This file holds every password in readable form. Anyone who gets the file can read them. Delete it once you have imported it elsewhere.';

export interface ExportFormatChoiceProps {
  readonly value: ExportChoice;
  readonly onChange: (choice: ExportChoice) => void;
  readonly disabled: boolean;
}

/** The format radio group: the encrypted file first and chosen by default. */
export function ExportFormatChoice({ value, onChange, disabled }: ExportFormatChoiceProps) {
  const name = useId();
  return (
    <fieldset className="export-formats" disabled={disabled}>
      <legend className="field__label">Format</legend>
      {EXPORT_CHOICES.map((choice) => {
        const id = `${name}-${choice.id}`;
        return (
          <div key={choice.id} className="export-radio">
            <input
              id={id}
              type="radio"
              name={name}
              value={choice.id}
              checked={value === choice.id}
              onChange={() => {
                onChange(choice.id);
              }}
            />
            <label htmlFor={id}>{choice.label}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

export interface PlainExportWarningProps {
  readonly understood: boolean;
  readonly onUnderstoodChange: (understood: boolean) => void;
  /** Shown when the user exports without ticking the box. */
  readonly error: string | null;
  readonly disabled: boolean;
}

/** What an unencrypted file means, and the box the user ticks to say they read it. */
export function PlainExportWarning({ understood, onUnderstoodChange, error, disabled }: PlainExportWarningProps) {
  const warningId = useId();
  const boxId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <p id={warningId} role="alert" className="notice notice--warning">
        {PLAIN_WARNING}
      </p>
      <div className="import-checkbox">
        <input
          id={boxId}
          type="checkbox"
          checked={understood}
          disabled={disabled}
          aria-describedby={error === null ? warningId : `${warningId} ${errorId}`}
          aria-invalid={error === null ? undefined : true}
          onChange={(event) => {
            onUnderstoodChange(event.target.checked);
          }}
        />
        <label htmlFor={boxId}>I understand</label>
      </div>
      {error !== null && (
        <p id={errorId} role="alert" className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
