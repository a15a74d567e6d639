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
  /** What the control is described by while it has no message (a form-level error, a hint). */
  readonly describedBy?: string | undefined;
  /** Extra classes on the field's wrapper. */
  readonly className?: string | undefined;
  readonly children: (control: FieldControlProps) => ReactNode;
}

/** A label, one control (from `children`) and the control's message, tied together for assistive tech. */
export function Field({ label, error, announce = true, describedBy, className, children }: FieldProps) {
  const controlId = useId();
  const errorId = useId();
  const hasError = error !== undefined && error !== null && error !== '';
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className="field__label">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': hasError ? true : undefined,
        'aria-describedby': hasError ? errorId : describedBy,
      })}
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
export function TextField({ label, error, announce, describedBy, className, inputRef, inputClassName, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} announce={announce} describedBy={describedBy} className={className}>
      {(control) => <input ref={inputRef} className={['input', inputClassName].filter(Boolean).join(' ')} {...input} {...control} />}
    </Field>
  );
}
