import type { ImportFormat, ImportFormatId } from '../model';
import { Field } from '../../../ui/TextField';

export interface FormatChoiceProps {
  readonly formats: readonly ImportFormat[];
  /** null: nothing chosen yet (detection found no format). */
  readonly value: ImportFormatId | null;
  /** Whether `value` is what detection picked (the hint says so, or asks the user to choose). */
  readonly detected: boolean;
  readonly onChange: (id: ImportFormatId) => void;
  readonly disabled?: boolean;
}

/** The 'Format' menu: detection's pick, which the user can correct, or an empty choice to make. */
export function FormatChoice({ formats, value, detected, onChange, disabled = false }: FormatChoiceProps) {
  const hint =
    value === null
      ? 'Keyloft could not tell which password manager wrote this file. Choose its format.'
      : detected
        ? 'Recognised from the file’s content. Change it if it is wrong.'
        : undefined;
  return (
    <Field label="Format" hint={hint}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value ?? ''}
          disabled={disabled}
          onChange={(event) => {
            const chosen = formats.find((format) => format.id === event.target.value);
            if (chosen !== undefined) onChange(chosen.id);
          }}
        >
          {value === null && (
            <option value="" disabled>
              Choose the format
            </option>
          )}
          {formats.map((format) => (
            <option key={format.id} value={format.id}>
              {format.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
