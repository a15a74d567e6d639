import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AuthProviderName, PendingMfaEnrolment, PendingTotpEnrolment } from '../../data/auth/authGateway';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useEmailVerificationPoll } from '../../ui/useEmailVerificationPoll';
import { VerificationCodeForm } from '../../ui/VerificationCodeForm';
import { enrolmentErrorMessage } from './enrolmentErrors';
import { METHOD_LABELS, canAddFactor, newFactorDisplayName, type MfaMethod } from './factors';
import type { MfaEnrolmentApi } from './mfaEnrolmentApi';
import { PhoneNumberForm } from './PhoneNumberForm';
import { TotpSetup } from './TotpSetup';
import './mfa.css';

export const MFA_ENROLMENT_TITLE = 'Set Up Two-Factor Authentication';

export interface MfaEnrolmentAccount {
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly provider: AuthProviderName;
}

export interface MfaEnrolmentDialogProps {
  readonly open: boolean;
  /** `completed`: a factor was enrolled (the caller re-reads the list). Skipping closes too. */
  readonly onClose: (completed: boolean) => void;
  readonly account: MfaEnrolmentAccount;
  readonly api: MfaEnrolmentApi;
  /** Offered while the address is unverified (Account Settings' Send Email Verification). */
  readonly sendVerification?: ReactNode;
}

type Step =
  | { readonly kind: 'unavailable'; readonly reason: 'provider' | 'limit' }
  | { readonly kind: 'verifyEmail' }
  | { readonly kind: 'method' }
  | { readonly kind: 'phone' }
  | { readonly kind: 'verify'; readonly phoneNumber: string; readonly pending: PendingMfaEnrolment }
  | { readonly kind: 'totp' }
  | { readonly kind: 'done'; readonly method: MfaMethod };

function firstStep(account: MfaEnrolmentAccount, api: MfaEnrolmentApi): Step {
  // SPEC.md §6: only email-and-password accounts, with a verified address; §9: two factors at most.
  if (account.provider !== 'password') return { kind: 'unavailable', reason: 'provider' };
  if (!canAddFactor(api.listFactors())) return { kind: 'unavailable', reason: 'limit' };
  return account.emailVerified ? { kind: 'method' } : { kind: 'verifyEmail' };
}

/**
 * The MFA enrolment modal (SPEC.md §2, §4 "MFA enrolment"): method → phone → verify → done, or
 * method → totp → done; Back returns. An unverified address is polled every second first.
 */
export function MfaEnrolmentDialog(props: MfaEnrolmentDialogProps) {
  if (!props.open) return null;
  return <Enrolment {...props} />;
}

function Enrolment({ onClose, account, api, sendVerification }: MfaEnrolmentDialogProps) {
  const [step, setStep] = useState<Step>(() => firstStep(account, api));
  const done = step.kind === 'done';
  const close = () => {
    onClose(done);
  };

  async function enrol(method: MfaMethod, pending: PendingMfaEnrolment, code: string, phoneNumber?: string) {
    try {
      await pending.complete(code, newFactorDisplayName(method, phoneNumber));
    } catch (error) {
      throw new Error(enrolmentErrorMessage(error, 'verify'), { cause: error });
    }
    setStep({ kind: 'done', method });
    // The notice is a courtesy: a failure to send it must not undo or hide the enrolment.
    api.notifyEnrolled(method).catch((error: unknown) => {
      console.error('The two-factor enrolment notice could not be sent', error);
    });
  }

  let body: ReactNode;
  switch (step.kind) {
    case 'unavailable':
      body = (
        <>
          <p>
            {step.reason === 'provider'
              ? 'Managed by OAuth Provider: set up two-factor authentication with the provider you sign in with.'
              : 'You already have two authentication methods, the most an account can have. Remove one in Account Settings to add another.'}
          </p>
          <div className="mfa-buttons">
            <Button onClick={close}>Close</Button>
          </div>
        </>
      );
      break;
    case 'verifyEmail':
      body = (
        <VerifyEmailFirst
          email={account.email}
          api={api}
          sendVerification={sendVerification}
          onVerified={() => {
            setStep({ kind: 'method' });
          }}
          onSkip={close}
        />
      );
      break;
    case 'method':
      body = (
        <div className="mfa-form">
          <p>Choose how you will get your second code when you sign in.</p>
          <div className="mfa-methods">
            <Button
              variant="secondary"
              onClick={() => {
                setStep({ kind: 'phone' });
              }}
            >
              {METHOD_LABELS.phone}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setStep({ kind: 'totp' });
              }}
            >
              {METHOD_LABELS.totp}
            </Button>
          </div>
          <div className="mfa-buttons">
            <Button variant="ghost" onClick={close}>
              Skip for now
            </Button>
          </div>
        </div>
      );
      break;
    case 'phone':
      body = (
        <PhoneNumberForm
          onBack={() => {
            setStep({ kind: 'method' });
          }}
          onSend={async (phoneNumber) => {
            try {
              const pending = await api.startPhone(phoneNumber);
              setStep({ kind: 'verify', phoneNumber, pending });
            } catch (error) {
              throw new Error(enrolmentErrorMessage(error, 'send'), { cause: error });
            }
          }}
        />
      );
      break;
    case 'verify':
      body = (
        <VerificationCodeForm
          instructions={`Enter the 6-digit code we sent to ${step.phoneNumber}.`}
          onBack={() => {
            setStep({ kind: 'phone' });
          }}
          onVerify={(code) => enrol('phone', step.pending, code, step.phoneNumber)}
        />
      );
      break;
    case 'totp':
      body = (
        <TotpSetup
          account={account.email ?? 'Keyloft account'}
          start={api.startTotp}
          onBack={() => {
            setStep({ kind: 'method' });
          }}
          onVerify={(pending: PendingTotpEnrolment, code) => enrol('totp', pending, code)}
        />
      );
      break;
    case 'done':
      body = (
        <>
          <p role="status" className="notice notice--success">
            Two-factor authentication is on.
          </p>
          <p>
            From now on, after your password Keyloft asks for a code from your{' '}
            {step.method === 'phone' ? 'phone' : 'authenticator app'}.
          </p>
          <div className="mfa-buttons">
            <Button onClick={close}>Done</Button>
          </div>
        </>
      );
      break;
  }

  return (
    <Dialog open onClose={close} title={MFA_ENROLMENT_TITLE} size="sm">
      {body}
    </Dialog>
  );
}

interface VerifyEmailFirstProps {
  readonly email: string | null;
  readonly api: MfaEnrolmentApi;
  readonly sendVerification: ReactNode;
  readonly onVerified: () => void;
  readonly onSkip: () => void;
}

/** SPEC.md §4: setup waits for a verified address, polled every second. */
function VerifyEmailFirst({ email, api, sendVerification, onVerified, onSkip }: VerifyEmailFirstProps) {
  const verified = useEmailVerificationPoll(api.checkEmailVerified, true);
  const [failed, setFailed] = useState(false);
  const onVerifiedRef = useRef(onVerified);
  useEffect(() => {
    onVerifiedRef.current = onVerified;
  });
  useEffect(() => {
    if (!verified) return;
    // Enrolment checks the verified claim in the ID token, so take a fresh one first.
    api.refreshSession().then(
      () => {
        onVerifiedRef.current();
      },
      () => {
        setFailed(true);
      },
    );
  }, [verified, api]);

  return (
    <div className="mfa-form">
      <p>
        Two-factor authentication needs a verified email address. Open the verification link we sent to{' '}
        {email ?? 'your address'}; this step continues by itself once it is verified.
      </p>
      {failed && (
        <p role="alert" className="notice notice--error">
          {enrolmentErrorMessage(null, 'setup')}
        </p>
      )}
      <p role="status" className="mfa-progress">
        {verified ? 'Email verified.' : 'Waiting for verification…'}
      </p>
      {sendVerification}
      <div className="mfa-buttons">
        <Button variant="ghost" onClick={onSkip}>
          Skip for now
        </Button>
      </div>
    </div>
  );
}
