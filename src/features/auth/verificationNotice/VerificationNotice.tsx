import { useEffect, useState } from 'react';
import type { KeyValueStorage } from '../../../data/keyValueStorage';
import { Button } from '../../../ui/Button';
import { AUTH_MESSAGES } from '../messages';
import { forgetNotice, readNoticeMemory, rememberDismissed, rememberSent, type VerificationNoticeMemory } from './noticeMemory';
import { useVerifiedOnReturn } from './useVerifiedOnReturn';
import './verificationNotice.css';

export interface VerificationNoticeProps {
  readonly uid: string;
  /** The sign-up's verification email has just gone out (the dashboard's navigation notice). */
  readonly sentNow: boolean;
  /** The address as the session knows it. */
  readonly emailVerified: boolean;
  /** Asks the auth service afresh whether the address is verified now. */
  readonly checkVerified: () => Promise<boolean>;
  /** Where the notice's state is remembered per account (localStorage in the app). */
  readonly storage: KeyValueStorage;
}

/**
 * 'Verification email sent!' (SPEC.md §4 Signup) on the vault screen (issue #43, item 4): shown
 * from sign-up until the address is verified or the user dismisses it, both remembered in this
 * browser. The screen places it where its late arrival (the email goes out after the vault opens)
 * moves nothing already shown.
 */
export function VerificationNotice({ uid, sentNow, emailVerified, checkVerified, storage }: VerificationNoticeProps) {
  const [remembered, setRemembered] = useState<VerificationNoticeMemory>(() => readNoticeMemory(storage, uid));
  const [verifiedSince, setVerifiedSince] = useState(false);
  const verified = emailVerified || verifiedSince;
  // The email going out now counts as sent unless the notice was dismissed before.
  const memory = remembered === 'none' && sentNow ? 'sent' : remembered;

  useEffect(() => {
    if (verified) forgetNotice(storage, uid);
    else if (sentNow) rememberSent(storage, uid);
  }, [verified, sentNow, storage, uid]);
  useVerifiedOnReturn(checkVerified, memory === 'sent' && !verified, () => {
    setVerifiedSince(true);
  });

  if (verified || memory !== 'sent') return null;
  return (
    <section className="verification-notice" aria-label="Email verification">
      <p role="status" className="verification-notice__text">
        <strong>{AUTH_MESSAGES.verificationSent}</strong> Open the link in it to verify your address.
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="verification-notice__dismiss"
        onClick={() => {
          setRemembered(rememberDismissed(storage, uid));
        }}
      >
        Dismiss
      </Button>
    </section>
  );
}
