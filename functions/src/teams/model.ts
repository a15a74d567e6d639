import type { FunctionsErrorCode } from 'firebase-functions/v2/https';
import type { SubscriptionLike } from '@keyloft/contract/subscription';
import type { AuditEventBody } from '@keyloft/contract/auditEvents';
import type { Decision, RoleOrNone } from '@keyloft/contract/teamPermissions';
import type { StoredTeam, StoredTeamMember } from '../../../src/data/teams/storedTeams';
import { storedTeamSchema } from '../../../src/data/teams/teamSchema';

// The team as the decisions see it, read from a stored document through the schema the browser
// reads it with, and the outcome type every decision returns. Pure.

export type { StoredTeam, StoredTeamMember };

export interface Refusal {
  readonly ok: false;
  readonly code: FunctionsErrorCode;
  readonly message: string;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | Refusal;

export const refusal = (code: FunctionsErrorCode, message: string): Refusal => ({ ok: false, code, message });
export const accept = <T>(value: T): Outcome<T> => ({ ok: true, value });

/** A refusal from src/domain/teamPermissions.ts, or null when it allows. */
export function refusalOf(decision: Decision): Refusal | null {
  return decision.ok ? null : refusal(decision.code, decision.message);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Top-level fields of the team document to update. */
export type TeamPatch = Partial<Mutable<Omit<StoredTeam, 'ownerId' | 'createdAt'>>>;

/**
 * What a membership or key decision changes: the team document and members' teamIds, and the
 * events the change records in the team's log (docs/audit-log.md), written in the same transaction.
 */
export interface TeamChange {
  readonly patch: TeamPatch;
  readonly addTeamIdFor: readonly string[];
  readonly removeTeamIdFor: readonly string[];
  readonly events: readonly AuditEventBody[];
}

export function memberOf(team: StoredTeam, uid: string): StoredTeamMember | null {
  return Object.hasOwn(team.members, uid) && team.memberIds.includes(uid) ? (team.members[uid] ?? null) : null;
}

export function roleOf(team: StoredTeam | null, uid: string): RoleOrNone {
  return team === null ? 'none' : (memberOf(team, uid)?.role ?? 'none');
}

/** Members holding the current team key (needsTeamKey false), by uid. */
export function keyHolders(team: StoredTeam): string[] {
  return Object.entries(team.members)
    .filter(([, member]) => !member.needsTeamKey)
    .map(([uid]) => uid)
    .sort();
}

/** The stored team, or null when the document does not have the shape of docs/teams.md. */
export function readTeam(data: unknown): StoredTeam | null {
  const read = storedTeamSchema.safeParse(data);
  return read.success ? read.data : null;
}

/** The fields the plan limit reads, or null (the fallback: free plan) when they are not there. */
export function readSubscription(value: unknown): SubscriptionLike | null {
  if (typeof value !== 'object' || value === null) return null;
  const sub = value as Record<string, unknown>;
  const numberOrNull = (field: unknown) => (typeof field === 'number' ? field : null);
  if (typeof sub.status !== 'string' || typeof sub.planId !== 'string') return null;
  const statuses = ['trialing', 'active', 'canceled', 'past_due', 'incomplete', 'unpaid'];
  if (!statuses.includes(sub.status)) return null;
  return {
    status: sub.status as SubscriptionLike['status'],
    planId: sub.planId,
    planName: typeof sub.planName === 'string' ? sub.planName : sub.planId,
    currentPeriodEnd: numberOrNull(sub.currentPeriodEnd),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd === true,
    trialEnd: numberOrNull(sub.trialEnd),
    isFreeTrialOnly: sub.isFreeTrialOnly === true,
  };
}
