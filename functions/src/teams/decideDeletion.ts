import { PERMISSION_MESSAGES, decideTeamDeletion } from '@keyloft/contract/teamPermissions';
import type { AuditEventBody } from '@keyloft/contract/auditEvents';
import { refusal, refusalOf, roleOf, type Refusal, type StoredTeam } from './model';

// deleteTeam (docs/teams.md, "Team deletion"): the owner only, and also while `deleting` is set,
// so that a second call finishes what an interrupted one started.

export function decideDeleteTeam(team: StoredTeam | null, actorUid: string): Refusal | null {
  if (team === null) return refusal('permission-denied', PERMISSION_MESSAGES.notMember);
  return refusalOf(decideTeamDeletion(roleOf(team, actorUid)));
}

/** The steps left, in order: (1) set deleting, (2) passwords, (3) groups, (4) teamIds, (5) the team. */
export const DELETION_BATCH_LIMIT = 500;

/**
 * What the last step records, in the transaction that deletes the team document: team.deleted in
 * its log, which stays (docs/audit-log.md, "A deleted team's log"), and the former owner who may
 * still read it. Null when the document names no owner (it is not a team of docs/teams.md): there
 * is nobody to keep the log for.
 */
export function decideTeamRemoval(ownerId: unknown): { readonly events: readonly AuditEventBody[]; readonly formerOwner: string } | null {
  if (typeof ownerId !== 'string' || ownerId === '') return null;
  return { events: [{ kind: 'team.deleted' }], formerOwner: ownerId };
}
