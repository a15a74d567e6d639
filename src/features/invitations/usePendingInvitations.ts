import { useCallback, useEffect, useRef, useState } from 'react';
import { INVITATION_MESSAGES } from '../../domain/invitations';
import type { MyInvitation, MyInvitationsApi } from './model';

export type PendingInvitationsStatus = 'loading' | 'ready' | 'failed';

export interface PendingInvitationsController {
  readonly status: PendingInvitationsStatus;
  /** The last list loaded, newest first; kept while a reload runs and after a failed one. */
  readonly invitations: readonly MyInvitation[];
  /** Shows loading and reads the list again (after a failure). */
  readonly retry: () => void;
  /** Reads the list again in the background, keeping the one shown meanwhile. Never rejects. */
  readonly refresh: () => Promise<void>;
}

interface State {
  readonly status: PendingInvitationsStatus;
  readonly invitations: readonly MyInvitation[];
}

/** The signed-in user's pending invitations, for the header's badge and the Team Invitations modal. */
export function usePendingInvitations(api: MyInvitationsApi): PendingInvitationsController {
  const [state, setState] = useState<State>({ status: 'loading', invitations: [] });
  const [attempt, setAttempt] = useState(0);
  // Only the latest request may set the state: a slow, older answer must not bring back an
  // invitation just accepted or declined.
  const latest = useRef(0);

  const load = useCallback((): Promise<void> => {
    latest.current += 1;
    const request = latest.current;
    return api.list().then(
      (invitations) => {
        if (request === latest.current) setState({ status: 'ready', invitations });
      },
      (error: unknown) => {
        console.error(INVITATION_MESSAGES.pendingLoadFailed, error);
        if (request === latest.current) setState((previous) => ({ ...previous, status: 'failed' }));
      },
    );
  }, [api]);

  useEffect(() => {
    void load();
    return () => {
      latest.current += 1;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, status: 'loading' }));
    setAttempt((count) => count + 1);
  }, []);

  return { status: state.status, invitations: state.invitations, retry, refresh: load };
}
