import {
  ASSIGNABLE_ROLES,
  PERMISSION_MESSAGES,
  decideGrantKey,
  decideLeave,
  decideRemoval,
  decideRoleChange,
  type TeamRole,
} from '@keyloft/contract/teamPermissions';
import { canCreateTeam, hasPaidAccess, subscriptionOrFallback, type SubscriptionLike } from '@keyloft/contract/subscription';
import { TEAM_MESSAGES } from './messages';
import {
  accept,
  memberOf,
  refusal,
  refusalOf,
  roleOf,
  type Outcome,
  type StoredTeam,
  type StoredTeamMember,
  type TeamChange,
} from './model';
import type { CreateTeamInput, GrantTeamKeyInput } from './validate';
import type { AuditEventBody } from '@keyloft/contract/auditEvents';
import { memberEvent } from '../audit/eventData';

// The pure decisions of the membership callables (docs/teams.md): who may, what changes, and what
// the change records in the team's log (docs/audit-log.md). The §6 table and its messages come
// from src/domain/teamPermissions.ts.

const NOT_MEMBER = refusal('permission-denied', PERMISSION_MESSAGES.notMember);

/**
 * The checks every callable on an existing team starts with: a missing team answers like one the
 * caller is not in (no probing for ids), and a team being deleted is read-only.
 */
export function openTeam(team: StoredTeam | null, actorUid: string): Outcome<StoredTeam> {
  if (team === null || roleOf(team, actorUid) === 'none') return NOT_MEMBER;
  if (team.deleting) return refusal('failed-precondition', TEAM_MESSAGES.teamDeleting);
  return accept(team);
}

function withoutMember(team: StoredTeam, uid: string, kind: 'member.removed' | 'member.left', now: number): TeamChange {
  const gone = memberOf(team, uid);
  const members = Object.fromEntries(Object.entries(team.members).filter(([key]) => key !== uid));
  return {
    // A proposed key was wrapped for the one leaving too: it is dropped, and the next rotation
    // starts afresh without them.
    patch: { members, memberIds: team.memberIds.filter((id) => id !== uid), rotationNeeded: true, pendingRotation: null, updatedAt: now },
    addTeamIdFor: [],
    removeTeamIdFor: [uid],
    events: gone === null ? [] : [memberEvent(kind, uid, gone)],
  };
}

function withMember(team: StoredTeam, uid: string, member: StoredTeamMember, now: number): TeamChange['patch'] {
  return { members: { ...team.members, [uid]: member }, updatedAt: now };
}

/**
 * Someone joining (acceptInvitation): the member of docs/teams.md, holding the given wrap of the
 * current key or, with null, marked as needing it.
 */
export function joiningMember(input: {
  readonly userId: string;
  readonly role: TeamRole;
  readonly email: string | null;
  readonly encryptedTeamKey: StoredTeamMember['encryptedTeamKey'];
  readonly now: number;
}): StoredTeamMember {
  return {
    userId: input.userId,
    role: input.role,
    joinedAt: input.now,
    email: input.email,
    encryptedTeamKey: input.encryptedTeamKey,
    needsTeamKey: input.encryptedTeamKey === null,
  };
}

/** members, memberIds and the joining member's teamIds change together; the log says who was added. */
export function withJoiningMember(team: StoredTeam, member: StoredTeamMember, now: number): TeamChange {
  return {
    patch: { ...withMember(team, member.userId, member, now), memberIds: [...team.memberIds, member.userId] },
    addTeamIdFor: [member.userId],
    removeTeamIdFor: [],
    events: [memberEvent('member.added', member.userId, member)],
  };
}

/** Whether the account `uid` (null: no account) or the lower-cased `email` is already in the team. */
export function hasMemberWith(team: StoredTeam, uid: string | null, email: string | null): boolean {
  return Object.entries(team.members).some(
    ([key, member]) =>
      (uid !== null && (key === uid || member.userId === uid)) || (email !== null && member.email?.toLowerCase() === email),
  );
}

// createTeam --------------------------------------------------------------------------------

export interface CreateTeamFacts {
  readonly uid: string;
  readonly email: string | null;
  readonly input: CreateTeamInput;
  /** The document at input.teamId, if any. */
  readonly existing: StoredTeam | null;
  /** Whether users/{uid} exists (it carries the subscription and teamIds). */
  readonly hasUserRecord: boolean;
  readonly subscription: SubscriptionLike | null;
  /** Teams the user owns that are not being deleted. */
  readonly ownedTeams: number;
  readonly now: number;
}

export type CreateTeamPlan =
  | { readonly kind: 'create'; readonly team: StoredTeam; readonly events: readonly AuditEventBody[] }
  | { readonly kind: 'already-created' };

export function decideCreateTeam(facts: CreateTeamFacts): Outcome<CreateTeamPlan> {
  const { uid, input, existing, now } = facts;
  if (existing !== null) {
    // A retry of the same call (the reply was lost) succeeds without writing; anything else is
    // someone else's team or a different team under the same id.
    const own = memberOf(existing, uid);
    const sameCall = existing.ownerId === uid && !existing.deleting && own?.encryptedTeamKey === input.encryptedTeamKey;
    return sameCall ? accept({ kind: 'already-created' }) : refusal('already-exists', TEAM_MESSAGES.teamIdTaken);
  }
  if (!facts.hasUserRecord) return refusal('failed-precondition', TEAM_MESSAGES.noUserRecord);
  // Creating teams is a paid feature (SPEC.md §6): the free plan, an expired trial and a lost
  // subscription are refused; a paid plan (or a live trial) then has its owned-team limit (§9).
  const subscription = subscriptionOrFallback(facts.subscription);
  if (!hasPaidAccess(subscription, now)) return refusal('failed-precondition', TEAM_MESSAGES.paidPlanRequired);
  if (!canCreateTeam(subscription.planId, facts.ownedTeams)) return refusal('failed-precondition', TEAM_MESSAGES.limitReached);
  const team: StoredTeam = {
    name: input.name,
    ...(input.description === undefined ? {} : { description: input.description }),
    ownerId: uid,
    createdAt: now,
    updatedAt: now,
    memberIds: [uid],
    members: {
      [uid]: {
        userId: uid,
        role: 'owner',
        joinedAt: now,
        email: facts.email?.toLowerCase() ?? null,
        encryptedTeamKey: input.encryptedTeamKey,
        needsTeamKey: false,
      },
    },
    keyVersion: 1,
    keyCheck: input.keyCheck ?? null,
    pendingRotation: null,
    rotationNeeded: false,
    previousKey: null,
    deleting: false,
    // Nothing in a new team is in format 1, so the rules refuse format 1 there from the start.
    entryFormat: 2,
  };
  return accept({ kind: 'create', team, events: [{ kind: 'team.created' }] });
}

// changeMemberRole -------------------------------------------------------------------------

export function decideChangeMemberRole(
  stored: StoredTeam | null,
  actorUid: string,
  input: { readonly userId: string; readonly role: TeamRole },
  now: number,
): Outcome<TeamChange> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  const change = { actorUid, actorRole: roleOf(team, actorUid), targetUid: input.userId, targetRole: roleOf(team, input.userId) };
  const denied = refusalOf(decideRoleChange(change, input.role));
  if (denied !== null) return denied;
  const target = memberOf(team, input.userId);
  // decideRoleChange already refuses the owner role; this keeps anything else from being stored.
  if (target === null || !ASSIGNABLE_ROLES.includes(input.role)) return refusal('invalid-argument', PERMISSION_MESSAGES.unknownRole);
  return accept({
    patch: withMember(team, input.userId, { ...target, role: input.role }, now),
    addTeamIdFor: [],
    removeTeamIdFor: [],
    events: [{ kind: 'member.roleChanged', memberUid: input.userId, memberEmail: target.email ?? '', from: target.role, to: input.role }],
  });
}

// removeTeamMember / leaveTeam ---------------------------------------------------------------

export function decideRemoveTeamMember(stored: StoredTeam | null, actorUid: string, targetUid: string, now: number): Outcome<TeamChange> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  const change = { actorUid, actorRole: roleOf(team, actorUid), targetUid, targetRole: roleOf(team, targetUid) };
  const denied = refusalOf(decideRemoval(change));
  if (denied !== null) return denied;
  return accept(withoutMember(team, targetUid, 'member.removed', now));
}

export function decideLeaveTeam(stored: StoredTeam | null, actorUid: string, now: number): Outcome<TeamChange> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  const denied = refusalOf(decideLeave(roleOf(team, actorUid)));
  if (denied !== null) return denied;
  return accept(withoutMember(team, actorUid, 'member.left', now));
}

// grantTeamKey -----------------------------------------------------------------------------

export function decideGrantTeamKey(
  stored: StoredTeam | null,
  actorUid: string,
  input: Omit<GrantTeamKeyInput, 'teamId'>,
  now: number,
): Outcome<TeamChange> {
  const open = openTeam(stored, actorUid);
  if (!open.ok) return open;
  const team = open.value;
  const target = memberOf(team, input.userId);
  const actor = memberOf(team, actorUid);
  const actorHoldsKey = actor !== null && !actor.needsTeamKey && actor.encryptedTeamKey !== null;
  const denied = refusalOf(decideGrantKey(roleOf(team, actorUid), roleOf(team, input.userId), target?.needsTeamKey ?? false, actorHoldsKey));
  if (denied !== null || target === null) return denied ?? NOT_MEMBER;
  if (!actorHoldsKey) return refusal('failed-precondition', TEAM_MESSAGES.needsOwnKey);
  if (input.keyVersion !== team.keyVersion) return refusal('failed-precondition', TEAM_MESSAGES.staleKeyVersion);
  const granted: StoredTeamMember = { ...target, encryptedTeamKey: input.encryptedTeamKey, needsTeamKey: false };
  return accept({
    patch: withMember(team, input.userId, granted, now),
    addTeamIdFor: [],
    removeTeamIdFor: [],
    events: [memberEvent('member.keyGranted', input.userId, target)],
  });
}
