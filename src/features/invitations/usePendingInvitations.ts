import { useCallback } from 'react';
import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { type LatestLoadStatus, useLatestLoad } from '../../ui/useLatestLoad';
import type { MyInvitation, MyInvitationsApi } from './model';

export type PendingInvitationsStatus = LatestLoadStatus;

export interface PendingInvitationsController {
  readonly status: PendingInvitationsStatus;
  /** The last list loaded, newest first; kept while a reload runs and after a failed one. */
  readonly invitations: readonly MyInvitation[];
  /** Shows loading and reads the list again (after a failure). */
  readonly retry: () => void;
  /** Reads the list again in the background, keeping the one shown meanwhile. Never rejects. */
  readonly refresh: () => Promise<void>;
}

/** The signed-in user's pending invitations, for the header's badge and the Team Invitations modal. */
export function usePendingInvitations(api: MyInvitationsApi): PendingInvitationsController {
  const fetchInvitations = useCallback(() => api.list(), [api]);
  // Only the latest request may set the state: a slow, older answer must not bring back an
  // invitation just accepted or declined.
  const { status, items, retry, reload } = useLatestLoad(fetchInvitations, {
    onError: (error) => {
      console.error(INVITATION_MESSAGES.pendingLoadFailed, error);
    },
  });
  return { status, invitations: items, retry, refresh: reload };
}
