import { useEffect, useRef } from 'react';

/**
 * While `enabled`, asks `isVerified` whenever the user comes back to this tab (focus, or the tab
 * shown again) and calls `onVerified` once it answers true. The verification link opens in another
 * tab or on another device, so coming back is when the answer changes; a poll every second (as the
 * MFA setup's, which waits on that one step) would cost an Auth request a second for as long as the
 * notice stays on the vault screen. A failed check counts as "not yet".
 */
export function useVerifiedOnReturn(isVerified: () => Promise<boolean>, enabled: boolean, onVerified: () => void): void {
  const latest = useRef({ isVerified, onVerified });
  useEffect(() => {
    latest.current = { isVerified, onVerified };
  });

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let checking = false;
    const check = () => {
      if (checking || document.visibilityState === 'hidden') return;
      checking = true;
      latest.current.isVerified().then(
        (verified) => {
          checking = false;
          if (active && verified) latest.current.onVerified();
        },
        () => {
          checking = false;
        },
      );
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      active = false;
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [enabled]);
}
