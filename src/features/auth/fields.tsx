import type { ReactNode, Ref } from 'react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { PasswordField as SharedPasswordField } from '../../ui/PasswordField';
import type { FormError } from './formError';

// The labelled inputs of the auth forms. Each links its hint and the form's error message with
// aria-describedby, and is marked invalid when the error is about it.

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  /** The id of the form's error message when that error is about this field. */
  errorId?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
}

export function EmailField({ label, value, onChange, autoComplete, errorId, hint, disabled }: FieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      inputMode="email"
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      disabled={disabled}
      hint={hint}
      invalid={Boolean(errorId)}
      describedBy={errorId ?? undefined}
    />
  );
}

export interface PasswordFieldProps extends FieldProps {
  /** Completes the toggle's accessible name: "Show master password", "Hide master password". */
  toggleName: string;
  /** Further ids describing the input (a strength meter, a warning). */
  extraDescribedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/** The shared password field, wired to the auth forms' error convention (a form-level alert). */
export function PasswordField({ errorId, extraDescribedBy, ...rest }: PasswordFieldProps) {
  return <SharedPasswordField {...rest} invalid={Boolean(errorId)} describedBy={[extraDescribedBy, errorId]} />;
}

// autoComplete="off" on master passwords: the master password must stay separate from the account
// password, and a browser saving it under the same site and username would keep the vault's key
// next to the login. Browsers may still offer to save it; the attribute states the intent.
export const MASTER_PASSWORD_AUTOCOMPLETE = 'off';

/** The master password typed to unlock (login, the master-password step, the lock screen). */
export function MasterPasswordField(props: Omit<PasswordFieldProps, 'label' | 'toggleName' | 'autoComplete'>) {
  return <PasswordField label="Master password" toggleName="master password" autoComplete={MASTER_PASSWORD_AUTOCOMPLETE} {...props} />;
}

/** The form's failure message, announced when it appears. */
export function FormAlert({ id, error }: { id: string; error: FormError | string | null }) {
  if (error === null) return null;
  return (
    <p id={id} role="alert" className="notice notice--error auth-notice">
      {typeof error === 'string' ? error : error.message}
    </p>
  );
}

/** 'Need an account? Sign Up' / 'Already have an account? Log In' (SPEC.md §2). */
export function ModeSwitch({ signup, onSwitch, disabled }: { signup: boolean; onSwitch: () => void; disabled?: boolean }) {
  return (
    <Button variant="ghost" size="sm" className="auth-switch" onClick={onSwitch} disabled={disabled}>
      {signup ? 'Already have an account? Log In' : 'Need an account? Sign Up'}
    </Button>
  );
}

/** The row under an auth step: a way back, Cancel, and whatever else the step offers (the sign-in / sign-up switch). */
export function AuthFooter({
  onBack,
  backLabel = 'Back',
  onCancel,
  disabled,
  children,
}: {
  onBack?: () => void;
  backLabel?: string;
  onCancel?: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="auth-footer">
      {onBack && (
        <Button variant="ghost" size="sm" onClick={onBack} disabled={disabled}>
          {backLabel}
        </Button>
      )}
      {onCancel && (
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={disabled}>
          Cancel
        </Button>
      )}
      {children}
    </div>
  );
}
