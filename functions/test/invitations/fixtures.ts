import { randomBytes } from 'node:crypto';
import type { StoredInvitation } from '../../src/invitations/model';
import { KEY, NOW } from '../teams/fixtures';

// A pending invitation of the decision tests' team (../teams/fixtures.ts), made by its owner for
// bo@example.com, who has an account ('bo') and was given a wrap of key version 1.

export const INVITE_ID = 'Inv1tat10nId0000000a';

export function invitation(overrides: Partial<StoredInvitation> = {}): StoredInvitation {
  return {
    email: 'bo@example.com',
    teamId: 'T1',
    teamName: 'Ops',
    role: 'full',
    invitedBy: 'owner',
    invitedByEmail: 'owner@example.com',
    status: 'pending',
    createdAt: NOW - 1000,
    expiresAt: NOW - 1000 + 7 * 86_400_000,
    userExists: true,
    userId: 'bo',
    keyVersion: 1,
    encryptedTeamKey: KEY(9),
    encryptedTeamKeyWithSecret: null,
    proofHash: null,
    emailsSent: 0,
    respondedAt: null,
    ...overrides,
  };
}

/** A link secret as generateSharedSecret makes it (32 random bytes, base64url), without the browser's key types. */
export function generateSharedSecret(): string {
  return randomBytes(32).toString('base64url');
}
