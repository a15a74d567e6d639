import { useEffect, useRef, useState } from 'react';
import type { MfaChallenge, MfaHint } from '../../data/auth/authGateway';
import { Button } from '../../ui/Button';
import { VerificationCodeForm } from '../../ui/VerificationCodeForm';
import { secondFactorError, SMS_SEND_FAILED } from './settingsErrors';

export interface ReauthSecondFactorProps {
  readonly challenge: MfaChallenge;
  /** After the code was accepted (and the change it guards was made). */
  readonly onVerified: () => void;
  /** Back to the form, which keeps what was typed. */
  readonly onCancel: () => void;
}

const METHODS: readonly { readonly factorId: MfaHint['factorId']; readonly label: string }[] = [
  { factorId: 'phone', label: 'Text message (SMS)' },
  { factorId: 'totp', label: 'Authenticator app' },
];

/**
 * The second factor of a re-authentication (a two-factor account changing its account password):
 * the method when there are several, an SMS sent at once for a phone, then the 6-digit code.
 */
export function ReauthSecondFactor({ challenge, onVerified, onCancel }: ReauthSecondFactorProps) {
  const only = challenge.hints.length === 1 ? challenge.hints[0] : undefined;
  const [hint, setHint] = useState<MfaHint | null>(only ?? null);
  const [sms, setSms] = useState<'sending' | 'sent' | 'failed'>('sending');
  const sentFor = useRef<string | null>(null);

  const send = (target: MfaHint) => {
    setSms('sending');
    challenge.sendSmsCode(target.uid).then(
      () => {
        setSms('sent');
      },
      () => {
        setSms('failed');
      },
    );
  };

  useEffect(() => {
    // One SMS per chosen phone, not one per render.
    if (hint?.factorId !== 'phone' || sentFor.current === hint.uid) return;
    sentFor.current = hint.uid;
    send(hint);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `send` is a new closure each render; the effect runs per chosen hint, and `sentFor` keeps it to one SMS per phone
  }, [hint]);

  if (hint === null) {
    const offered = METHODS.filter((method) => challenge.hints.some((candidate) => candidate.factorId === method.factorId));
    return (
      <div className="settings-reauth">
        <p>Your account uses two-factor authentication. How would you like to confirm it is you?</p>
        <div className="settings-section__actions">
          {offered.map((method) => (
            <Button
              key={method.factorId}
              variant="secondary"
              onClick={() => {
                setHint(challenge.hints.find((candidate) => candidate.factorId === method.factorId) ?? null);
              }}
            >
              {method.label}
            </Button>
          ))}
        </div>
        <div className="settings-form__buttons">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  const phone = hint.phoneNumber ?? 'your phone';
  const instructions =
    hint.factorId === 'totp'
      ? 'Enter the 6-digit code from your authenticator app.'
      : sms === 'sending'
        ? `Sending a code to ${phone}…`
        : sms === 'sent'
          ? `Enter the 6-digit code we sent to ${phone}.`
          : SMS_SEND_FAILED;
  return (
    <div className="settings-reauth">
      <VerificationCodeForm
        instructions={instructions}
        onBack={() => {
          if (challenge.hints.length > 1) {
            sentFor.current = null;
            setHint(null);
          } else {
            onCancel();
          }
        }}
        onVerify={async (code) => {
          try {
            await challenge.verify(hint.uid, code);
          } catch (error) {
            throw new Error(secondFactorError(error), { cause: error });
          }
          onVerified();
        }}
        extra={
          hint.factorId === 'phone' && sms !== 'sending' ? (
            <Button
              variant="secondary"
              onClick={() => {
                send(hint);
              }}
            >
              Resend code
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
