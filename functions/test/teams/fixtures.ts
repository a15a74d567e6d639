import type { StoredTeam, StoredTeamMember } from '../../src/teams/model';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { asStoredCiphertext } from '../../../src/crypto/sealed';

// A team as stored (docs/teams.md) with an owner, an admin, a full member, a viewer who still needs
// the key, for the decision tests.

export const NOW = 1_800_000_000_000;
/** An RSA-2048 wrap's size. */
export const KEY = (fill: number) => asStoredCiphertext('team-key-wrap', Buffer.alloc(256, fill).toString('base64'));
export const SEALED = asStoredCiphertext('previous-team-key', Buffer.alloc(60, 7).toString('base64'));

export function member(userId: string, role: TeamRole, needsTeamKey = false): StoredTeamMember {
  return { userId, role, joinedAt: 1, email: `${userId}@example.com`, encryptedTeamKey: needsTeamKey ? null : KEY(1), needsTeamKey };
}

export function team(overrides: Partial<StoredTeam> = {}): StoredTeam {
  const members = {
    owner: member('owner', 'owner'),
    admin: member('admin', 'admin'),
    full: member('full', 'full'),
    viewer: member('viewer', 'view', true),
  };
  return {
    name: 'Ops',
    ownerId: 'owner',
    createdAt: 1,
    updatedAt: 1,
    memberIds: Object.keys(members),
    members,
    keyVersion: 1,
    rotationNeeded: false,
    previousKey: null,
    deleting: false,
    ...overrides,
  };
}
