import { decideDeleteTeam } from '../teams/decideDeletion';
import { decideLeaveTeam } from '../teams/decideMembers';
import { roleOf, type Outcome, type StoredTeam, type TeamChange } from '../teams/model';

// deleteAccount (docs/account-deletion.md): which teams go with the account and which it leaves,
// and the order of the steps. Pure; the callable loads the teams and applies the plan.

export interface TeamOfUser {
  readonly id: string;
  readonly team: StoredTeam;
}

/**
 * One step of an account deletion, in the order the plan lists them. The tombstone comes first, so
 * that from then on the rules and every other callable refuse the uid (no other tab re-creates
 * data); billing ends next, before any data goes, so that a Stripe outage fails the call cleanly.
 * Teams come before the user's own data so that no team is ever left pointing at a user record or
 * public key that is already gone. The server-only billing records go after the user record: a
 * webhook that arrives until then may still write one. The Auth user comes last so that, whatever
 * fails, the user can still sign in and call again.
 */
export type DeletionStep =
  | { readonly kind: 'tombstone' }
  | { readonly kind: 'subscription' }
  | { readonly kind: 'deleteTeam'; readonly teamId: string }
  | { readonly kind: 'leaveTeam'; readonly teamId: string }
  | { readonly kind: 'invitations' }
  | { readonly kind: 'passwords' }
  | { readonly kind: 'groups' }
  | { readonly kind: 'keys' }
  | { readonly kind: 'emailChanges' }
  | { readonly kind: 'userRecord' }
  | { readonly kind: 'billingRecords' }
  | { readonly kind: 'revokeTokens' }
  | { readonly kind: 'authUser' };

export type DeletionStepKind = DeletionStep['kind'];

export interface DeletionPlan {
  /** Teams the user owns: deleted with their entries, groups and invitations. */
  readonly ownedTeams: readonly string[];
  /** Teams the user only belongs to: they leave, and the team keeps its other members. */
  readonly joinedTeams: readonly string[];
  readonly steps: readonly DeletionStep[];
}

const HEAD: readonly DeletionStep[] = [{ kind: 'tombstone' }, { kind: 'subscription' }];

const TAIL: readonly DeletionStep[] = [
  { kind: 'invitations' },
  { kind: 'passwords' },
  { kind: 'groups' },
  { kind: 'keys' },
  { kind: 'emailChanges' },
  { kind: 'userRecord' },
  { kind: 'billingRecords' },
  { kind: 'revokeTokens' },
  { kind: 'authUser' },
];

/** Whether the user owns the team: the same check deleteTeam makes, so the two cannot disagree. */
export function ownsTeam(team: StoredTeam, uid: string): boolean {
  return decideDeleteTeam(team, uid) === null;
}

/**
 * The steps for `uid`, given the teams whose memberIds hold them. A team they are not a member of
 * (a stale query result) is left alone. A team they joined that its owner is already deleting is
 * left to that deletion (leaveTeam refuses a deleting team; the owner's next call removes it).
 */
export function planDeletion(uid: string, teams: readonly TeamOfUser[]): DeletionPlan {
  const byName = [...teams].sort((a, b) => a.team.name.localeCompare(b.team.name) || a.id.localeCompare(b.id));
  const ownedTeams = byName.filter(({ team }) => ownsTeam(team, uid)).map(({ id }) => id);
  const joinedTeams = byName
    .filter(({ team }) => !ownsTeam(team, uid) && roleOf(team, uid) !== 'none' && !team.deleting)
    .map(({ id }) => id);
  return {
    ownedTeams,
    joinedTeams,
    steps: [
      ...HEAD,
      ...ownedTeams.map((teamId): DeletionStep => ({ kind: 'deleteTeam', teamId })),
      ...joinedTeams.map((teamId): DeletionStep => ({ kind: 'leaveTeam', teamId })),
      ...TAIL,
    ],
  };
}

/**
 * Leaving one joined team, decided again inside the transaction that applies it: the change of
 * leaveTeam (the member goes from members and memberIds, `rotationNeeded` is set so the owner's
 * next session rotates the key, the id leaves the user's teamIds), or null when there is nothing
 * left to do (the team is gone, they already left, or its owner is deleting it). An owner is
 * refused: their team is deleted, never left ownerless.
 */
export function decideAccountLeave(team: StoredTeam | null, uid: string, now: number): Outcome<TeamChange | null> {
  if (team === null || roleOf(team, uid) === 'none' || team.deleting) return { ok: true, value: null };
  return decideLeaveTeam(team, uid, now);
}

export const ACCOUNT_DELETED_MESSAGE = 'Your account and all of its data have been deleted.';
