import { useId, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import './styles.css';

/** What a field's control needs to be labelled and tied to its error. */
export interface FieldControlProps {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

export interface FieldProps {
  readonly label: ReactNode;
  /** The field's own message; none when empty or absent. */
  readonly error?: string | null | undefined;
  /**
   * Announces the message as it appears (role="alert"), for messages a submit shows. Off for a
   * message that follows typing, which would interrupt at every key.
   */
  readonly announce?: boolean;
  /** What the control is described by while it has no message (a form-level error, instructions). */
  readonly describedBy?: string | undefined;
  /** Marks the control invalid while its message is shown elsewhere (a form-level alert in `describedBy`). */
  readonly invalid?: boolean | undefined;
  /** Shown under the control and read with it, before any message. */
  readonly hint?: ReactNode;
  /** Extra classes on the field's wrapper. */
  readonly className?: string | undefined;
  readonly children: (control: FieldControlProps) => ReactNode;
}

/** A label, one control (from `children`) and the control's message, tied together for assistive tech. */
export function Field({ label, error, announce = true, describedBy, invalid = false, hint, className, children }: FieldProps) {
  const controlId = useId();
  const hintId = useId();
  const errorId = useId();
  const hasError = error !== undefined && error !== null && error !== '';
  const hasHint = hint !== undefined && hint !== null;
  const described = [hasHint ? hintId : undefined, hasError ? errorId : describedBy].filter(Boolean).join(' ');
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': hasError || invalid ? true : undefined,
        'aria-describedby': described === '' ? undefined : described,
      })}
      {hasHint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {hasError && (
        <p id={errorId} role={announce ? 'alert' : undefined} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = Omit<FieldProps, 'children'> &
  Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & {
    readonly inputRef?: Ref<HTMLInputElement> | undefined;
    /** Extra classes on the input. */
    readonly inputClassName?: string | undefined;
  };

/** A labelled text input with its message. */
export function TextField({ label, error, announce, describedBy, invalid, hint, className, inputRef, inputClassName, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} announce={announce} describedBy={describedBy} invalid={invalid} hint={hint} className={className}>
      {(control) => <input ref={inputRef} className={['input', inputClassName].filter(Boolean).join(' ')} {...input} {...control} />}
    </Field>
  );
}
