import type { Ref } from 'react';
import { PasswordField } from '../../../ui/PasswordField';

export interface FilePasswordStepProps {
  /** Why the password is asked for (NeedsFilePasswordError's message). */
  readonly message: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** 'That password does not open this file.' after a wrong one; what was typed stays. */
  readonly error: string | null;
  readonly disabled?: boolean;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/** The password a Keyloft encrypted export was sealed with. */
export function FilePasswordStep({ message, value, onChange, error, disabled = false, inputRef }: FilePasswordStepProps) {
  return (
    <PasswordField
      label="File password"
      toggleName="file password"
      value={value}
      onChange={onChange}
      autoComplete="off"
      hint={message}
      error={error}
      required
      disabled={disabled}
      inputRef={inputRef}
    />
  );
}
