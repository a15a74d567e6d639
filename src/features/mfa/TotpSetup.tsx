import { useEffect, useState } from 'react';
import type { PendingTotpEnrolment } from '../../data/auth/authGateway';
import { Button } from '../../ui/Button';
import { CLIPBOARD_CLEAR_MS, COPIED_INDICATOR_MS, copyToClipboard } from '../../ui/clipboard';
import { FailedState } from '../../ui/FailedState';
import { VerificationCodeForm } from '../../ui/VerificationCodeForm';
import { enrolmentErrorMessage } from './enrolmentErrors';
import { groupedSecret, otpauthUri } from './otpauthUri';
import { QrCode } from './QrCode';

export interface TotpSetupProps {
  /** The account name the authenticator app shows next to 'Keyloft'. */
  readonly account: string;
  readonly start: () => Promise<PendingTotpEnrolment>;
  /** Completes the enrolment with the app's first code; rejects with the message to show. */
  readonly onVerify: (pending: PendingTotpEnrolment, code: string) => Promise<void>;
  readonly onBack: () => void;
}

type Secret = { readonly kind: 'loading' } | { readonly kind: 'failed'; readonly message: string } | { readonly kind: 'ready'; readonly pending: PendingTotpEnrolment };

/** The authenticator-app step: a fresh secret as a QR code and as text, then the app's first code. */
export function TotpSetup({ account, start, onVerify, onBack }: TotpSetupProps) {
  const [secret, setSecret] = useState<Secret>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let active = true;
    start().then(
      (pending) => {
        if (active) setSecret({ kind: 'ready', pending });
      },
      (error: unknown) => {
        if (active) setSecret({ kind: 'failed', message: enrolmentErrorMessage(error, 'setup') });
      },
    );
    return () => {
      active = false;
    };
    // A new secret only on entering the step or on Try again, not when the parent re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `start` is a new closure on every parent render; a new secret is made only on entering the step or on Try again (`attempt`)
  }, [attempt]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
    }, COPIED_INDICATOR_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [copied]);

  if (secret.kind === 'loading') {
    return (
      <p role="status" className="mfa-progress">
        Creating your authenticator secret…
      </p>
    );
  }
  if (secret.kind === 'failed') {
    return (
      <div className="mfa-form">
        <FailedState
          message={secret.message}
          onRetry={() => {
            setSecret({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
          back={
            <Button variant="ghost" onClick={onBack}>
              Back
            </Button>
          }
          backFirst
          actionsClassName="mfa-buttons"
        />
      </div>
    );
  }

  const { pending } = secret;
  return (
    <div className="mfa-totp">
      <p>Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy, …).</p>
      <QrCode value={otpauthUri(pending, account)} label="QR code for your authenticator app" />
      <div className="mfa-secret">
        <p className="field__hint">Can’t scan it? Enter this key in the app instead:</p>
        <code className="mfa-secret__key" aria-label="Setup key">
          {groupedSecret(pending.secretKey)}
        </code>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            copyToClipboard(pending.secretKey, { clearAfterMs: CLIPBOARD_CLEAR_MS }).then(
              () => {
                setCopied(true);
              },
              // No clipboard access: the key is on screen to type or select.
              () => undefined,
            );
          }}
        >
          {copied ? 'Copied' : 'Copy key'}
        </Button>
      </div>
      <VerificationCodeForm
        instructions="Enter the 6-digit code your app shows for Keyloft."
        onVerify={(code) => onVerify(pending, code)}
        onBack={onBack}
      />
    </div>
  );
}
