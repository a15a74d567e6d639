import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { resourceKeys } from '../../session/serverState/keys';
import { type ResourceStatus, useResource } from '../../session/serverState/useResource';
import type { MyInvitation, MyInvitationsApi } from './model';

export type PendingInvitationsStatus = ResourceStatus;

export interface PendingInvitationsController {
  readonly status: PendingInvitationsStatus;
  /** The last list loaded, newest first; kept while a reload runs and after a failed one. */
  readonly invitations: readonly MyInvitation[];
  /** Shows loading and reads the list again (after a failure). */
  readonly retry: () => void;
  /** Reads the list again in the background, keeping the one shown meanwhile. Never rejects. */
  readonly refresh: () => Promise<void>;
}

const NONE: readonly MyInvitation[] = [];

/**
 * The signed-in user's pending invitations (`resourceKeys.myInvitations`), for the header's badge
 * and the Team Invitations modal. A read started again supersedes the one on its way, so a slow,
 * older answer never brings back an invitation just accepted or declined.
 */
export function usePendingInvitations(api: MyInvitationsApi): PendingInvitationsController {
  const { status, data, retry, reload } = useResource<readonly MyInvitation[]>({
    key: resourceKeys.myInvitations(),
    read: () => api.list(),
    failure: INVITATION_MESSAGES.pendingLoadFailed,
  });
  return { status, invitations: data ?? NONE, retry, refresh: reload };
}
