import type { FunctionsErrorCode } from 'firebase-functions/v2/https';
import { isTeamRole, type Decision, type RoleOrNone } from '../../../src/domain/teamPermissions';
import type { PreviousTeamKey, StoredTeam, StoredTeamMember } from '../../../src/data/teams/storedTeams';

// The team as the decisions see it, read defensively from a stored document, and the outcome type
// every decision returns. Pure.

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

/** What a membership or key decision changes: the team document and members' teamIds. */
export interface TeamChange {
  readonly patch: TeamPatch;
  readonly addTeamIdFor: readonly string[];
  readonly removeTeamIdFor: readonly string[];
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

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isInt = (value: unknown, min: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= min;

function readMember(value: unknown): StoredTeamMember | null {
  if (!isRecord(value)) return null;
  const { userId, role, joinedAt, email, encryptedTeamKey, needsTeamKey } = value;
  if (typeof userId !== 'string' || !isTeamRole(role) || typeof joinedAt !== 'number') return null;
  if (email !== null && typeof email !== 'string') return null;
  if (encryptedTeamKey !== null && typeof encryptedTeamKey !== 'string') return null;
  if (typeof needsTeamKey !== 'boolean') return null;
  return { userId, role, joinedAt, email, encryptedTeamKey, needsTeamKey };
}

function readPreviousKey(value: unknown): PreviousTeamKey | null | undefined {
  if (value === null || value === undefined) return null;
  if (!isRecord(value) || !isInt(value.version, 1) || typeof value.sealed !== 'string') return undefined;
  return { version: value.version, sealed: value.sealed };
}

/** The stored team, or null when the document does not have the shape of docs/teams.md. */
export function readTeam(data: unknown): StoredTeam | null {
  if (!isRecord(data)) return null;
  const { name, description, ownerId, createdAt, updatedAt, memberIds, members, keyVersion, rotationNeeded, deleting } = data;
  if (typeof name !== 'string' || typeof ownerId !== 'string') return null;
  if (description !== undefined && typeof description !== 'string') return null;
  if (typeof createdAt !== 'number' || typeof updatedAt !== 'number') return null;
  if (!Array.isArray(memberIds) || !memberIds.every((uid) => typeof uid === 'string')) return null;
  if (!isRecord(members) || !isInt(keyVersion, 1)) return null;
  if (typeof rotationNeeded !== 'boolean' || typeof deleting !== 'boolean') return null;
  const previousKey = readPreviousKey(data.previousKey);
  if (previousKey === undefined) return null;
  const readMembers: Record<string, StoredTeamMember> = {};
  for (const [key, value] of Object.entries(members)) {
    const member = readMember(value);
    if (member === null) return null;
    readMembers[key] = member;
  }
  return {
    name,
    ...(description === undefined ? {} : { description }),
    ownerId,
    createdAt,
    updatedAt,
    memberIds,
    members: readMembers,
    keyVersion,
    rotationNeeded,
    previousKey,
    deleting,
  };
}
