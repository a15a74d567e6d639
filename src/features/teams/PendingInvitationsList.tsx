import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { INVITATION_MESSAGES } from '../../domain/invitations';
import { ROLE_LABELS } from '../../domain/teamPermissions';
import { Button } from '../../ui/Button';
import { memberErrorMessage } from './memberForm';
import type { TeamInvitation, TeamInvitationsApi } from './model';

export interface PendingInvitationsListProps {
  readonly api: Pick<TeamInvitationsApi, 'listInvitations' | 'cancelInvitation'>;
  readonly teamId: string;
  /** Bumped by the dialog after an invitation was sent, so the list reads again. */
  readonly version: number;
  readonly disabled: boolean;
  readonly onAnnounce: (text: string) => void;
}

type Load =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly invitations: readonly TeamInvitation[] };

function expiryText(expiresAt: number): string {
  return `Expires ${new Date(expiresAt).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}`;
}

/** 'Pending Invitations' of Manage Team Members (SPEC.md §2), for owners and admins: cancel deletes one. */
export function PendingInvitationsList({ api, teamId, version, disabled, onAnnounce }: PendingInvitationsListProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  /** Reads the list again; only the latest request may set the state. Never rejects. */
  const reload = useCallback((): Promise<void> => {
    latest.current += 1;
    const request = latest.current;
    return api.listInvitations(teamId).then(
      (invitations) => {
        if (request === latest.current) setLoad({ status: 'ready', invitations });
      },
      (caught: unknown) => {
        console.error(INVITATION_MESSAGES.pendingLoadFailed, caught);
        if (request === latest.current) setLoad({ status: 'failed' });
      },
    );
  }, [api, teamId]);

  useEffect(() => {
    void reload();
  }, [reload, version]);

  async function cancel(invitation: TeamInvitation) {
    setBusy(invitation.id);
    setError(null);
    try {
      await api.cancelInvitation(teamId, invitation.id);
      onAnnounce(`The invitation to ${invitation.email} was cancelled.`);
      headingRef.current?.focus();
    } catch (caught) {
      console.error(INVITATION_MESSAGES.cancelFailed, caught);
      setError(memberErrorMessage(caught, INVITATION_MESSAGES.cancelFailed));
    }
    await reload();
    setBusy(null);
  }

  return (
    <section className="members__section" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="members__heading">
        Pending Invitations{load.status === 'ready' ? ` (${load.invitations.length})` : ''}
      </h3>
      {load.status === 'loading' && <p className="members__empty">Loading invitations…</p>}
      {load.status === 'failed' && (
        <div role="alert" className="notice notice--error">
          <p>{INVITATION_MESSAGES.pendingLoadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void reload()}>
            Try again
          </Button>
        </div>
      )}
      {error !== null && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {load.status === 'ready' && load.invitations.length === 0 && <p className="members__empty">No pending invitations.</p>}
      {load.status === 'ready' && load.invitations.length > 0 && (
        <ul className="members__list" aria-label="Pending invitations">
          {load.invitations.map((invitation) => (
            <li key={invitation.id} className="member">
              <div className="member__who">
                <span className="member__name">{invitation.email}</span>
                <span className="member__role">
                  {ROLE_LABELS[invitation.role]} · {expiryText(invitation.expiresAt)}
                  {invitation.userExists ? '' : ' · No account yet'}
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
