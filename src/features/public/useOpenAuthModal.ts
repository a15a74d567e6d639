import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authModalState } from '@keyloft/contract/authModalRequest';

/**
 * Returns `open(signup)`, which navigates to `path` with the state that makes the landing page
 * show the auth modal. The static pages pass '/', the landing page its own path, so that on
 * /dashboard or /billing the user stays where they are once signed in.
 */
export function useOpenAuthModal(path: string): (signup: boolean) => void {
  const navigate = useNavigate();
  return useCallback(
    (signup: boolean) => {
      void navigate(path, { state: authModalState(signup) });
    },
    [navigate, path],
  );
}
