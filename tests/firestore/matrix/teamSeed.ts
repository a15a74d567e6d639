// The seeded teams of the team tables (docs/teams.md) and the expectations the permission table
// (src/domain/teamPermissions.ts) gives each actor, so the matrix checks the rules against it.
import type { StoredTeam, StoredTeamMember } from '../../../src/data/teams/storedTeams';
import type { StoredPlainEntry } from '../../../src/data/vault/storedEntries';
import type { RoleOrNone, TeamRole } from '@keyloft/contract/teamPermissions';
import { base64OfBytes } from '../../contract/userRepository.contract';
import { sampleEntry } from '../../contract/vaultRepositories.contract';
import { ACTORS, ADMIN, FULL, OTHER, OWNER, VIEW, type Actor, type Outcome } from './table';
import { forgedSealed } from '../../support/forgedCiphertext';

/** The owner's team: every role of the table, at key version 2. */
export const TEAM = 'team-1';
/** The other user's team, where the owner is a full member (a second team the owner may write). */
export const OTHERS_TEAM = 'team-2';
/** TEAM's members and key version, being deleted. */
export const DELETING_TEAM = 'team-gone';
export const KEY_VERSION = 2;

/** Each actor's role in TEAM. */
export const ROLE_IN_TEAM: Readonly<Record<Actor, RoleOrNone>> = {
  owner: 'owner',
  admin: 'admin',
  full: 'full',
  view: 'view',
  other: 'none',
  squatter: 'none',
  former: 'none',
  signedOut: 'none',
};

/** An actor's outcome is 'allow' where the permission table says their role may. */
export function byRole(may: (role: RoleOrNone) => boolean): Readonly<Record<Actor, Outcome>> {
  return Object.fromEntries(ACTORS.map((actor) => [actor, may(ROLE_IN_TEAM[actor]) ? 'allow' : 'deny'])) as Record<Actor, Outcome>;
}

function member(userId: string, role: TeamRole): StoredTeamMember {
  return {
    userId,
    role,
    joinedAt: 1_000,
    email: `${userId}@example.com`,
    // An RSA-2048 OAEP wrap is 256 bytes.
    encryptedTeamKey: forgedSealed<'team-key-wrap'>(base64OfBytes(256, 0x6b)),
    needsTeamKey: false,
  };
}

/** A team document as the callables write it; `roles` maps uid → role and gives memberIds. */
export function sampleTeam(ownerId: string, name: string, roles: Readonly<Record<string, TeamRole>>, overrides: Partial<StoredTeam> = {}): StoredTeam {
  return {
    name,
    description: 'Shared logins',
    ownerId,
    createdAt: 1_000,
    updatedAt: 1_000,
    memberIds: Object.keys(roles),
    members: Object.fromEntries(Object.entries(roles).map(([uid, role]) => [uid, member(uid, role)])),
    keyVersion: KEY_VERSION,
    rotationNeeded: false,
    previousKey: null,
    deleting: false,
    ...overrides,
  };
}

const TEAM_ROLES_BY_UID = { [OWNER]: 'owner', [ADMIN]: 'admin', [FULL]: 'full', [VIEW]: 'view' } as const;

/** The three teams, by path. */
export function teams(): Readonly<Record<string, StoredTeam>> {
  return {
    [`teams/${TEAM}`]: sampleTeam(OWNER, 'Engineering', TEAM_ROLES_BY_UID),
    [`teams/${OTHERS_TEAM}`]: sampleTeam(OTHER, 'Bob’s team', { [OTHER]: 'owner', [OWNER]: 'full' }),
    [`teams/${DELETING_TEAM}`]: sampleTeam(OWNER, 'Going away', TEAM_ROLES_BY_UID, { deleting: true }),
  };
}

export type StoredTeamEntry = StoredPlainEntry & { readonly keyVersion: number };

/** A team entry written by `userId` at the team's key version. */
export function teamEntry(teamId: string, userId: string, title: string, overrides: Partial<StoredTeamEntry> = {}): StoredTeamEntry {
  return { ...sampleEntry(userId, title), teamId, keyVersion: KEY_VERSION, ...overrides };
}
