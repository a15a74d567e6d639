import { useId, useRef, useState } from 'react';
import { INVITATION_MESSAGES } from '@keyloft/contract/invitations';
import { ROLE_LABELS } from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { resourceKeys } from '../../session/serverState/keys';
import { useResource } from '../../session/serverState/useResource';
import { memberErrorMessage } from './memberForm';
import type { TeamInvitation, TeamInvitationsApi } from './model';
import { LoadFailed } from '../../ui/LoadFailed';
import { useSubmit } from '../../ui/useSubmit';
import { sentenceDate } from '../../ui/format';

export interface PendingInvitationsListProps {
  readonly api: Pick<TeamInvitationsApi, 'listInvitations' | 'cancelInvitation'>;
  readonly teamId: string;
  readonly disabled: boolean;
  readonly onAnnounce: (text: string) => void;
}

function expiryText(expiresAt: number): string {
  // What toLocaleDateString said for a broken date, kept as it was.
  return `Expires ${sentenceDate(expiresAt, 'shortMonth') ?? 'Invalid Date'}`;
}

/** 'Pending Invitations' of Manage Team Members (SPEC.md §2), for owners and admins: cancel deletes one. */
export function PendingInvitationsList({ api, teamId, disabled, onAnnounce }: PendingInvitationsListProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Read again whenever an invitation is sent or cancelled (the dialog invalidates the key).
  const pending = useResource<readonly TeamInvitation[]>({
    key: resourceKeys.teamInvitations(teamId),
    read: () => api.listInvitations(teamId),
    failure: INVITATION_MESSAGES.pendingLoadFailed,
  });
  const { status, reload } = pending;
  const invitations = pending.data ?? [];
  // The invitation being cancelled: every Cancel stays disabled until the list is read again after it.
  const [busy, setBusy] = useState<string | null>(null);
  const { error, submit } = useSubmit((caught) => {
    console.error(INVITATION_MESSAGES.cancelFailed, caught);
    return memberErrorMessage(caught, INVITATION_MESSAGES.cancelFailed);
  });

  async function cancel(invitation: TeamInvitation) {
    setBusy(invitation.id);
    const result = await submit(() => api.cancelInvitation(teamId, invitation.id));
    if (result.done) {
      onAnnounce(`The invitation to ${invitation.email} was cancelled.`);
      headingRef.current?.focus();
    }
    await reload();
    setBusy(null);
  }

  return (
    <section className="members__section" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="members__heading">
        Pending Invitations{status === 'ready' ? ` (${invitations.length})` : ''}
      </h3>
      {status === 'loading' && <p className="members__empty">Loading invitations…</p>}
      {status === 'failed' && (
        <LoadFailed message={INVITATION_MESSAGES.pendingLoadFailed} onRetry={() => void reload()} />
      )}
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {status === 'ready' && invitations.length === 0 && <p className="members__empty">No pending invitations.</p>}
      {status === 'ready' && invitations.length > 0 && (
        <ul className="members__list" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="member">
              <div className="member__who">
                <span className="member__name">{invitation.email}</span>
                <span className="member__role">
                  {ROLE_LABELS[invitation.role]} · {expiryText(invitation.expiresAt)}
                </span>
              </div>
              <div className="member__controls">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Cancel invitation to ${invitation.email}`}
                  disabled={disabled || busy !== null}
                  onClick={() => void cancel(invitation)}
                >
                  {busy === invitation.id ? 'Cancelling…' : 'Cancel'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
