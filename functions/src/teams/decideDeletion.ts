import { PERMISSION_MESSAGES, decideTeamDeletion } from '@keyloft/contract/teamPermissions';
import { refusal, refusalOf, roleOf, type Refusal, type StoredTeam } from './model';

// deleteTeam (docs/teams.md, "Team deletion"): the owner only, and also while `deleting` is set,
// so that a second call finishes what an interrupted one started.

export function decideDeleteTeam(team: StoredTeam | null, actorUid: string): Refusal | null {
  if (team === null) return refusal('permission-denied', PERMISSION_MESSAGES.notMember);
  return refusalOf(decideTeamDeletion(roleOf(team, actorUid)));
}

/** The steps left, in order: (1) set deleting, (2) passwords, (3) groups, (4) teamIds, (5) the team. */
export const DELETION_BATCH_LIMIT = 500;
