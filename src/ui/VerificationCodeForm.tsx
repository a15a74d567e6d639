import { useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { cleanVerificationCode, isCompleteVerificationCode } from '@keyloft/contract/mfa';
import { Button } from './Button';
import { TextField } from './TextField';
import './verificationCodeForm.css';
import { failureMessage, useSubmit } from './useSubmit';

export interface VerificationCodeFormProps {
  /** What to enter and where it comes from. */
  readonly instructions: ReactNode;
  /** Checks the code; rejects with the message to show. */
  readonly onVerify: (code: string) => Promise<void>;
  readonly onBack: () => void;
  /** Extra controls beside Back (e.g. resend). */
  readonly extra?: ReactNode;
}

/**
 * A second-factor code (SPEC.md §5 "MFA code": digits only, Verify at six), for enrolment and for
 * re-authentication. What was typed stays after a refusal.
 */
export function VerificationCodeForm({ instructions, onVerify, onBack, extra }: VerificationCodeFormProps) {
  const instructionsId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const { busy, error, submit } = useSubmit(failureMessage);

  async function verify() {
    const result = await submit(() => onVerify(code));
    if (!result.done) inputRef.current?.focus();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !isCompleteVerificationCode(code)) return;
    void verify();
  }

  return (
    <form className="code-form" noValidate aria-busy={busy} onSubmit={handleSubmit}>
      <p id={instructionsId}>{instructions}</p>
      {error !== null && (
        <p id={errorId} role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <TextField
        label="Verification code"
        inputRef={inputRef}
        inputClassName="code-form__code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => {
          setCode(cleanVerificationCode(event.target.value));
        }}
        invalid={error !== null}
        describedBy={[instructionsId, error !== null ? errorId : ''].filter(Boolean).join(' ')}
      />
      <div className="code-form__buttons">
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          Back
        </Button>
        {extra}
        <Button type="submit" disabled={busy || !isCompleteVerificationCode(code)}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
    </form>
  );
}
