import { useId, useState, type Ref } from 'react';
import { Button } from '../../ui/Button';

export type PasswordFieldProps = {
  label: string;
  /** Completes "Show …" / "Hide …" on the visibility toggle, e.g. "new password". */
  toggleName: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  /** Shown under the field, announced, and linked with aria-describedby; marks the field invalid. */
  error?: string | null;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled password input with a show/hide toggle. */
export function PasswordField({
  label,
  toggleName,
  value,
  onChange,
  autoComplete,
  error = null,
  hint,
  inputRef,
}: PasswordFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <div className="password-field">
        <input
          ref={inputRef}
          id={inputId}
          className="input password-field__input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <Button
          variant="ghost"
          size="sm"
          className="password-field__toggle"
          aria-controls={inputId}
          aria-label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
          onClick={() => {
            setVisible((shown) => !shown);
          }}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
