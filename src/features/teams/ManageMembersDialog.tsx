import { useId } from 'react';
import { canManageMembers, isOwner } from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InviteMemberForm } from './InviteMemberForm';
import { MemberConfirmations } from './MemberConfirmations';
import { MemberRow } from './MemberRow';
import { MEMBER_MESSAGES, memberErrorMessage } from './memberForm';
import type { TeamMembersApi } from './model';
import { PendingInvitationsList } from './PendingInvitationsList';
import { PendingRotation } from './PendingRotation';
import { RoleDescriptions } from './RoleDescriptions';
import { useMemberActions } from './useMemberActions';
import { useTeamDetail } from './useTeamDetail';
import './teams.css';

export interface ManageMembersDialogProps {
  readonly api: TeamMembersApi;
  readonly teamId: string;
  readonly onClose: () => void;
  /** After the user left the team: the modal is closed by the caller. */
  readonly onLeft: () => void;
}

/**
 * 'Manage Team Members' (SPEC.md §2): add by invitation (owner), pending invitations (owner and
 * admin), members with roles, key access, removal, leaving. The team is the session's
 * `resourceKeys.team`; a write that changes members, roles or keys makes every read of teams
 * stale, so the dashboard's list follows without being told.
 */
export function ManageMembersDialog({ api, teamId, onClose, onLeft }: ManageMembersDialogProps) {
  const detail = useTeamDetail(api, teamId);
  const actions = useMemberActions(api, teamId, detail.teamsChanged);
  const { emailRef, membersHeadingRef, running, run } = actions;
  const membersHeadingId = useId();

  function close() {
    if (!actions.isRunning()) onClose();
  }

  const team = detail.status === 'ready' ? (detail.data ?? null) : null;
  const manages = team !== null && canManageMembers(team.myRole);

  return (
    <Dialog open onClose={close} title="Manage Team Members" description={team?.name} size="md">
      <p role="status" className="visually-hidden">
        {actions.announcement}
      </p>
      {detail.status === 'loading' && (
        <p role="status" className="teams-dialog__progress">
          Loading members…
        </p>
      )}
      {detail.status === 'failed' && (
        <div role="alert" className="notice notice--error teams-section__failure">
          <p>{memberErrorMessage(detail.error, MEMBER_MESSAGES.loadFailed)}</p>
          <Button variant="secondary" size="sm" onClick={detail.retry}>
            Try again
          </Button>
        </div>
      )}
      {team !== null && (
        <div className="members">
          {manages && team.rotationPending && (
            <PendingRotation
              onFinish={(onProgress) =>
                run(async () => {
                  const outcome = await api.finishPendingRotation(teamId, onProgress);
                  actions.announce(outcome === 'awaiting-owner' ? MEMBER_MESSAGES.awaitingOwner : 'The team key was rotated.');
                  await detail.teamsChanged();
                })
              }
              onReconfirm={(userId) => void actions.startReconfirm(userId)}
              running={running}
            />
          )}
          {isOwner(team.myRole) && (
            <InviteMemberForm
              team={team}
              emailRef={emailRef}
              disabled={running}
              invite={(email, role) => {
                actions.setInviteNotice(null);
                return api.invite(teamId, email, role);
              }}
              onInvited={(step) => {
                actions.invitationsChanged();
                if (step.kind === 'link') actions.setConfirm({ kind: 'invite-link', step });
                else actions.invitationSent(step.email);
              }}
            />
          )}
          {actions.inviteNotice !== null && (
            <p role="status" className="notice notice--success">
              {actions.inviteNotice}
            </p>
          )}
          {manages && <PendingInvitationsList api={api} teamId={teamId} disabled={running} onAnnounce={actions.announce} />}
          <section className="members__section" aria-labelledby={membersHeadingId}>
            <h3 id={membersHeadingId} ref={membersHeadingRef} tabIndex={-1} className="members__heading">
              Current Members ({team.members.length})
            </h3>
            {actions.listError !== null && (
              <p role="alert" className="notice notice--error">
                {actions.listError}
              </p>
            )}
            <ul className="members__list" aria-label="Current members">
              {team.members.map((member) => (
                <MemberRow
                  key={member.uid}
                  member={member}
                  manages={manages}
                  canGrant={team.iHoldKey && (manages || member.role === 'owner')}
                  busy={actions.busyMember === member.uid || running}
                  onRole={(role) => void actions.changeRole(member, role)}
                  onGrant={() => void actions.startGrant(member)}
                  onRemove={() => {
                    actions.setListError(null);
                    actions.setConfirm({ kind: 'remove', member });
                  }}
                />
              ))}
            </ul>
          </section>
          <RoleDescriptions />
          {!isOwner(team.myRole) && (
            <div className="members__leave">
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  actions.setConfirm({ kind: 'leave' });
                }}
              >
                Leave team
              </Button>
            </div>
          )}
        </div>
      )}
      <MemberConfirmations api={api} teamId={teamId} team={team} actions={actions} teamsChanged={detail.teamsChanged} onLeft={onLeft} />
    </Dialog>
  );
}
