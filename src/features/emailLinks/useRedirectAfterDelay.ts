import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** SPEC §9: the emailed-link pages move on 3 s after success. */
export const REDIRECT_DELAY_MS = 3000;

/**
 * Navigates to `to` after REDIRECT_DELAY_MS while mounted. The page replaces its own history entry:
 * Back must not return to a single-use link. `state` must be stable between renders (memoise it),
 * or the countdown restarts.
 */
export function useRedirectAfterDelay(to: string, state?: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      void navigate(to, { replace: true, state });
    }, REDIRECT_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [navigate, to, state]);
}
