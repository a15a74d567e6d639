import { checkOwnTeamKey } from './keyUpkeep';
import type { StoredTeam } from '../../data/teams/storedTeams';
import { isTeamRole } from '@keyloft/contract/teamPermissions';
import type { TeamDetail, TeamMember, TeamMembersApi } from './model';
import { rotateIfNeeded, rotationPending } from './rotation';
import { TeamKeyError } from './teamKeys';
import { createTeamInvitationsApi, type TeamInvitationDeps } from './teamInvitations';
import { changeRole, grantKey, leaveTeam, prepareGrant, prepareReconfirm, reconfirm } from './teamService';

// The 'Manage Team Members' modal's operations over the team service (docs/teams.md).

/** The removal went through, but the rotation after it did not: the team shows a pending rotation. */
export class RotationIncompleteError extends Error {
  override readonly name = 'RotationIncompleteError';
}

export const TEAM_NOT_FOUND = 'This team does not exist or has been deleted.';

function byOwnerThenEmail(a: TeamMember, b: TeamMember): number {
  if (a.role === 'owner' || b.role === 'owner') return a.role === 'owner' ? (b.role === 'owner' ? 0 : -1) : 1;
  const left = a.email ?? '\uffff';
  const right = b.email ?? '\uffff';
  return left < right ? -1 : left > right ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

/** What the modal shows of a stored team, for the signed-in user `uid`; null when they are not a member. */
export function detailOf(uid: string, teamId: string, team: StoredTeam): TeamDetail | null {
  const me = team.members[uid];
  if (me === undefined || team.deleting) return null;
  const members = Object.entries(team.members)
    .filter(([, member]) => isTeamRole(member.role))
    .map(
      ([memberUid, member]): TeamMember => ({
        uid: memberUid,
        email: member.email,
        role: member.role,
        needsKey: member.needsTeamKey,
        joinedAt: member.joinedAt,
        isMe: memberUid === uid,
      }),
    )
    .sort(byOwnerThenEmail);
  return {
    id: teamId,
    name: team.name,
    ownerId: team.ownerId,
    members,
    myRole: me.role,
    iHoldKey: !me.needsTeamKey && me.encryptedTeamKey !== null,
    rotationPending: rotationPending(team),
  };
}

export function createTeamMembersApi(deps: TeamInvitationDeps): TeamMembersApi {
  return {
    ...createTeamInvitationsApi(deps),
    async load(teamId) {
      const team = await deps.teams.get(teamId);
      const detail = team === null ? null : detailOf(deps.userId, teamId, team);
      if (detail === null) throw new TeamKeyError(TEAM_NOT_FOUND);
      return detail;
    },
    prepareGrant: (teamId, userId) => prepareGrant(deps, teamId, userId),
    grant: (teamId, recipient) => grantKey(deps, teamId, recipient),
    prepareReconfirm: (teamId, userId) => prepareReconfirm(deps, teamId, userId),
    reconfirm: (teamId, recipient) => reconfirm(deps, teamId, recipient),
    changeRole: (teamId, userId, role) => changeRole(deps, teamId, userId, role),
    async remove(teamId, userId, onProgress) {
      // removeMember in two halves, so a screen can tell "not removed" from "removed, key not yet rotated".
      await deps.functions.removeTeamMember({ teamId, userId });
      try {
        await rotateIfNeeded(deps, teamId, onProgress);
      } catch (cause) {
        throw new RotationIncompleteError(cause instanceof Error ? cause.message : String(cause), { cause });
      }
    },
    finishPendingRotation: (teamId, onProgress) => rotateIfNeeded(deps, teamId, onProgress),
    checkMyKey: (teamId) => checkOwnTeamKey(deps, teamId),
    leave: (teamId) => leaveTeam(deps, teamId),
  };
}
