import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useSubmit } from '../../ui/useSubmit';
import { VERIFICATION_SENT, verificationSendError } from './settingsErrors';
import './settings.css';

export const SEND_VERIFICATION_LABEL = 'Send Email Verification';

export interface SendVerificationButtonProps {
  /** Whether the address is verified already: then nothing is offered. */
  emailVerified: boolean;
  /** sendCustomEmailVerification(isDevelopment) from src/data/functions/callables.ts. */
  sendCustomVerification: () => Promise<void>;
  /**
   * AuthGateway.sendVerificationEmail, the service's own email, tried when the custom one fails
   * (as sign-up does, SPEC.md §4). Without it a failure of the custom email is shown as is.
   */
  sendDefaultVerification?: () => Promise<void>;
}

/** Account Settings → Send Email Verification, with its outcome announced under it. */
export function SendVerificationButton({ emailVerified, sendCustomVerification, sendDefaultVerification }: SendVerificationButtonProps) {
  const { busy: sending, error, submit } = useSubmit(verificationSendError);
  const [sent, setSent] = useState(false);

  if (emailVerified) return <p className="field__hint">Your email address is verified.</p>;

  async function send() {
    if (sending) return;
    setSent(false);
    const result = await submit(async () => {
      try {
        await sendCustomVerification();
      } catch (customError) {
        if (sendDefaultVerification === undefined) throw customError;
        await sendDefaultVerification();
      }
    });
    if (result.done) setSent(true);
  }

  return (
    <div className="send-verification">
      <Button variant="secondary" onClick={() => void send()} disabled={sending}>
        {sending ? 'Sending…' : SEND_VERIFICATION_LABEL}
      </Button>
      {/* Live regions exist before their text arrives, so screen readers announce it. */}
      <p role="status" className={sent ? 'notice notice--success' : undefined}>
        {sent ? VERIFICATION_SENT : null}
      </p>
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
    </div>
  );
}
