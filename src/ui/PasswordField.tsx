import { useId, useState, type ReactNode, type Ref } from 'react';
import { Button } from './Button';
import { EyeIcon, EyeOffIcon } from './icons';
import './styles.css';

export interface PasswordFieldProps {
  label: string;
  /** Completes the toggle's accessible name: "Show master password", "Hide master password". */
  toggleName: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  hint?: ReactNode;
  /** A message shown under the field, announced, and marking it invalid. */
  error?: string | null | undefined;
  /** Marks the field invalid when its message is shown elsewhere (a form-level alert). */
  invalid?: boolean | undefined;
  /** Ids of other elements describing the input: a form alert, a strength meter, a warning. */
  describedBy?: readonly (string | null | undefined)[] | undefined;
  disabled?: boolean | undefined;
  required?: boolean | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /**
   * Whether the value is shown, for a parent that reveals it itself (a generated password).
   * Without it the field keeps its own state and starts masked.
   */
  visible?: boolean | undefined;
  onVisibleChange?: ((visible: boolean) => void) | undefined;
}

/** A labelled password input with a show/hide toggle whose name says which field it reveals. */
export function PasswordField({
  label,
  toggleName,
  value,
  onChange,
  autoComplete,
  hint,
  error = null,
  invalid = false,
  describedBy = [],
  disabled,
  required,
  inputRef,
  visible: visibleProp,
  onVisibleChange,
}: PasswordFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [ownVisible, setOwnVisible] = useState(false);
  const visible = visibleProp ?? ownVisible;
  const ids = [hint === undefined ? undefined : hintId, ...describedBy, error ? errorId : undefined].filter(Boolean);
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
          disabled={disabled}
          required={required}
          aria-invalid={invalid || error ? true : undefined}
          aria-describedby={ids.length > 0 ? ids.join(' ') : undefined}
        />
        <Button
          variant="ghost"
          size="sm"
          className="password-field__toggle"
          aria-controls={inputId}
          aria-label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
          icon={visible ? <EyeOffIcon /> : <EyeIcon />}
          onClick={() => {
            setOwnVisible(!visible);
            onVisibleChange?.(!visible);
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
      {error && (
        <p id={errorId} role="alert" className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
