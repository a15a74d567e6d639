import { useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../session/serverState/keys';
import { InviteLinkDialog } from './InviteLinkDialog';
import { KeyConfirmDialog } from './KeyConfirmDialog';
import { LeaveTeamDialog } from './LeaveTeamDialog';
import { MEMBER_MESSAGES, memberName } from './memberForm';
import type { TeamDetail, TeamMembersApi } from './model';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import type { MemberActions } from './useMemberActions';

export interface MemberConfirmationsProps {
  readonly api: TeamMembersApi;
  readonly teamId: string;
  readonly team: TeamDetail | null;
  readonly actions: MemberActions;
  readonly teamsChanged: () => Promise<void>;
  /** After the user left the team: the modal is closed by the caller. */
  readonly onLeft: () => void;
}

/** The confirmation open over Manage Team Members, if any: the invitation link, Grant Access, Confirm Key, Remove, Leave. */
export function MemberConfirmations({ api, teamId, team, actions, teamsChanged, onLeft }: MemberConfirmationsProps) {
  const client = useQueryClient();
  const { confirm, closeConfirm, run, announce, reload } = actions;
  if (confirm === null) return null;
  switch (confirm.kind) {
    case 'invite-link':
      return (
        <InviteLinkDialog
          email={confirm.step.email}
          link={confirm.step.link}
          sendEmail={() => api.emailInvitation(confirm.step.inviteId, confirm.step.link)}
          onDone={(outcome) => {
            const { email } = confirm.step;
            closeConfirm('email');
            if (outcome === 'emailed') actions.invitationSent(email);
            else actions.setInviteNotice(`${email} is invited. The invitation is valid for 7 days.`);
          }}
        />
      );
    case 'grant':
      return (
        <KeyConfirmDialog
          title="Grant Access"
          recipient={confirm.recipient}
          intro={`Share the team key with ${confirm.recipient.email ?? 'this member'} so they can open the team’s passwords.`}
          confirmLabel="Grant Access"
          runningLabel="Granting…"
          failure={MEMBER_MESSAGES.grantFailed}
          willShareKey
          onConfirm={() =>
            run(async () => {
              await api.grant(teamId, confirm.recipient);
              announce(`${confirm.recipient.email ?? 'The member'} can now open the team’s passwords.`);
              await teamsChanged();
            })
          }
          onDone={() => {
            closeConfirm('members');
          }}
        />
      );
    case 'reconfirm':
      return (
        <KeyConfirmDialog
          title="Confirm Key"
          recipient={confirm.recipient}
          intro={`Confirm the security key of ${confirm.recipient.email ?? 'this member'} again, so the team key can be rotated for them.`}
          confirmLabel="Confirm Key"
          runningLabel="Confirming…"
          failure={MEMBER_MESSAGES.rotationFailed}
          willShareKey
          onConfirm={() =>
            run(async () => {
              await api.reconfirm(teamId, confirm.recipient);
              announce(`The key of ${confirm.recipient.email ?? 'the member'} is confirmed again. Rotate the team key to continue.`);
              await reload();
            })
          }
          onDone={() => {
            closeConfirm('members');
          }}
        />
      );
    case 'remove':
      return team === null ? null : (
        <RemoveMemberDialog
          member={confirm.member}
          teamName={team.name}
          run={(onProgress) =>
            run(async () => {
              try {
                await api.remove(teamId, confirm.member.uid, onProgress);
              } finally {
                // Removed, or not: the screens show what the server holds now.
                await teamsChanged();
              }
              announce(`${memberName(confirm.member)} was removed and the team key was rotated.`);
            })
          }
          onDone={(removed) => {
            closeConfirm(removed ? 'members' : null);
          }}
        />
      );
    case 'leave':
      return team === null ? null : (
        <LeaveTeamDialog
          teamName={team.name}
          run={() =>
            run(async () => {
              await api.leave(teamId);
            })
          }
          onCancel={() => {
            closeConfirm(null);
          }}
          onLeft={() => {
            closeConfirm(null);
            onLeft();
            // Only the list is read again: this team's own reads would be refused now.
            void client.invalidateQueries({ queryKey: resourceKeys.teamList() });
          }}
        />
      );
  }
}
