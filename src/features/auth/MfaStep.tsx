import { useId, useState, type SubmitEvent } from 'react';
import { AuthServiceError, type MfaHint } from '../../data/auth/authGateway';
import { cleanVerificationCode, isCompleteVerificationCode } from '@keyloft/contract/mfa';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { authErrorMessage } from './authErrorMessages';
import { mfaMethods, type MfaFactor, type SmsStatus } from './authModalMachine';
import { AuthFooter, FormAlert } from './fields';
import { AUTH_MESSAGES } from './messages';
import { useSubmit } from './useSubmit';

const METHOD_LABELS: Readonly<Record<MfaFactor, string>> = {
  phone: 'Text message (SMS)',
  totp: 'Authenticator app',
};

interface MfaStepProps {
  hints: readonly MfaHint[];
  /** The factor being verified; null while choosing among several. */
  hint: MfaHint | null;
  sms: SmsStatus;
  onChoose: (factor: MfaFactor) => void;
  onResend: () => void;
  /** Verifies the code and finishes the sign-in; throws what the user should read. */
  onVerify: (code: string) => Promise<void>;
  onBack: () => void;
  onCancel: () => void;
}

/** The second factor of a sign-in (SPEC.md §4 "Multi-factor sign-in", §5 "MFA code"). */
export function MfaStep(props: MfaStepProps) {
  return props.hint === null ? <MethodChoice {...props} /> : <VerifyCode {...props} hint={props.hint} />;
}

function MethodChoice({ hints, onChoose, onBack, onCancel }: MfaStepProps) {
  const errorId = useId();
  const methods = mfaMethods(hints);
  const phone = hints.find((hint) => hint.factorId === 'phone');
  return (
    <div className="auth-form">
      {methods.length === 0 ? (
        <FormAlert id={errorId} error={authErrorMessage(new AuthServiceError('auth/unsupported-mfa-method'))} />
      ) : (
        <p className="auth-intro">Your account is protected by two-factor authentication. How would you like to get your code?</p>
      )}
      <div className="auth-choices">
        {methods.map((factor) => (
          <Button
            key={factor}
            variant="secondary"
            className="auth-choice"
            aria-describedby={factor === 'phone' && phone?.phoneNumber ? `${errorId}-phone` : undefined}
            onClick={() => {
              onChoose(factor);
            }}
          >
            {METHOD_LABELS[factor]}
          </Button>
        ))}
      </div>
      {phone?.phoneNumber && (
        <p id={`${errorId}-phone`} className="field__hint">
          Texts go to {phone.phoneNumber}.
        </p>
      )}
      <AuthFooter onBack={onBack} onCancel={onCancel} />
    </div>
  );
}

function VerifyCode({ hint, sms, onResend, onVerify, onBack, onCancel }: MfaStepProps & { hint: MfaHint }) {
  const errorId = useId();
  const instructionsId = useId();
  const { busy, error, submit, errorIdFor } = useSubmit(errorId);
  const [code, setCode] = useState('');
  const isPhone = hint.factorId === 'phone';
  const phoneNumber = hint.phoneNumber ?? 'your phone';

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !isCompleteVerificationCode(code)) return;
    void submit(() => onVerify(code));
  }

  const codeErrorId = errorIdFor('code');
  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
      <FormAlert id={errorId} error={error} />
      {isPhone && sms === 'failed' && <FormAlert id={`${errorId}-sms`} error={AUTH_MESSAGES.smsSendFailed} />}
      <p id={instructionsId} className="auth-intro" role={isPhone ? 'status' : undefined}>
        {!isPhone && 'Enter the 6-digit code from your authenticator app.'}
        {isPhone && sms === 'sending' && `Sending a code to ${phoneNumber}…`}
        {isPhone && sms === 'sent' && `Enter the 6-digit code we sent to ${phoneNumber}.`}
        {isPhone && (sms === 'idle' || sms === 'failed') && `We text a 6-digit code to ${phoneNumber}.`}
      </p>
      <TextField
        label="Verification code"
        inputClassName="auth-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => {
          setCode(cleanVerificationCode(event.target.value));
        }}
        invalid={Boolean(codeErrorId)}
        describedBy={[instructionsId, codeErrorId].filter(Boolean).join(' ')}
      />
      {isPhone && (
        <div className="auth-row">
          <Button variant="ghost" size="sm" onClick={onResend} disabled={busy || sms === 'sending'}>
            Resend code
          </Button>
        </div>
      )}
      <Button type="submit" className="auth-submit" disabled={busy || !isCompleteVerificationCode(code)}>
        {busy ? 'Verifying…' : 'Verify'}
      </Button>
      <AuthFooter onBack={onBack} onCancel={onCancel} disabled={busy} />
    </form>
  );
}
