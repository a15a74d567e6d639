import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import type { FormError } from './formError';

// The labelled inputs of the auth forms. Each links its hint and the form's error message with
// aria-describedby, and is marked invalid when the error is about it.

function describedBy(...ids: (string | null | undefined | false)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

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
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <input
        id={inputId}
        className="input"
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
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && hintId, errorId)}
      />
      {hint !== undefined && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export interface PasswordFieldProps extends FieldProps {
  /** Completes the toggle's accessible name: "Show master password", "Hide master password". */
  toggleName: string;
  /** Further ids describing the input (a strength meter, a warning). */
  extraDescribedBy?: string | undefined;
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  errorId,
  hint,
  disabled,
  toggleName,
  extraDescribedBy,
}: PasswordFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <div className="auth-password">
        <input
          id={inputId}
          className="input auth-password__input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy(hint !== undefined && hintId, extraDescribedBy, errorId)}
        />
        <Button
          variant="ghost"
          size="sm"
          className="auth-password__toggle"
          aria-controls={inputId}
          aria-label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
          onClick={() => {
            setVisible((shown) => !shown);
          }}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
      </div>
      {hint !== undefined && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
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
