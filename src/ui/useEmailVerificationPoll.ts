import { useEffect, useRef, useState } from 'react';

/** SPEC.md §9: the email-verification poll runs every second. */
export const EMAIL_VERIFICATION_POLL_MS = 1000;

/**
 * While `enabled`, asks `isVerified` every EMAIL_VERIFICATION_POLL_MS (one call at a time, the
 * next one a full interval after the last settled) until it answers true, then stops and returns
 * true. A failed check counts as "not yet". For MFA setup, which needs a verified address: pass
 * `async () => (await gateway.reloadUser())?.emailVerified ?? false`, then refresh the ID token
 * once (AuthGateway.refreshIdToken) so callables see the new claim.
 */
export function useEmailVerificationPoll(isVerified: () => Promise<boolean>, enabled: boolean): boolean {
  const [verified, setVerified] = useState(false);
  const checkRef = useRef(isVerified);
  useEffect(() => {
    checkRef.current = isVerified;
  });

  useEffect(() => {
    if (!enabled || verified) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      timer = setTimeout(() => {
        checkRef.current().then(
          (answer) => {
            if (!active) return;
            if (answer) setVerified(true);
            else tick();
          },
          () => {
            if (active) tick();
          },
        );
      }, EMAIL_VERIFICATION_POLL_MS);
    };
    tick();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [enabled, verified]);

  return verified;
}
