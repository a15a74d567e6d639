// One behaviour for the invitation repository, in memory (unit tier) and on Firestore through the
// rules (firestore tier). Invitations are created by inviteTeamMember with the Admin SDK, so the
// contract seeds them, their teams and the users' records through the world, as the server would.
import { describe, expect, it } from 'vitest';
import type { InvitationKeyAttachment, InvitationRepository, StoredInvitation } from '../../src/data/invitations/storedInvitations';
import type { StoredTeam } from '../../src/data/teams/storedTeams';
import type { StoredUserRecord } from '../../src/data/users/userRecord';
import { WriteRefusedError } from '../../src/data/vault/storedEntries';
import { INVITATION_TTL_MS, MAX_PENDING_TEAM_KEYS } from '@keyloft/contract/invitations';
import { sampleTeam } from './teamRepositories.contract';
import { base64OfBytes, sampleUserRecord } from './userRepository.contract';
import { forgedSealed } from '../support/forgedCiphertext';

/** What src/crypto stores on an invitation (docs/invitations.md), at its real sizes. */
export const INVITATION_SIZES = {
  /** RSA-OAEP-2048 wrap of the team key. */
  encryptedTeamKey: 256,
  /** AES-GCM wrap of the 32-byte team key under the link's secret: IV + key + tag. */
  encryptedTeamKeyWithSecret: 12 + 32 + 16,
  /** base64url of a SHA-256, unpadded. */
  proofHash: 43,
} as const;

/** base64url, unpadded, of `length` bytes. */
export function base64UrlOfBytes(length: number, fill = 0x41): string {
  return base64OfBytes(length, fill).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export const SAMPLE_TEAM_KEY_WRAP = forgedSealed<'team-key-wrap'>(base64OfBytes(INVITATION_SIZES.encryptedTeamKey, 0x6b));
export const SAMPLE_SECRET_WRAP = forgedSealed<'invite-team-key'>(base64OfBytes(INVITATION_SIZES.encryptedTeamKeyWithSecret, 0x73));
export const SAMPLE_PROOF_HASH = base64UrlOfBytes(32, 0xfb);

/**
 * An open invitation as inviteTeamMember writes it, without a key: by default bob (who has an
 * account) invited by alice, the owner of team-1, created at `now`.
 */
export function sampleInvitation(overrides: Partial<StoredInvitation> = {}, now = Date.now()): StoredInvitation {
  return {
    email: 'bob@example.com',
    teamId: 'team-1',
    teamName: 'Engineering',
    role: 'full',
    invitedBy: 'alice',
    invitedByEmail: 'alice@example.com',
    status: 'pending',
    createdAt: now,
    expiresAt: now + INVITATION_TTL_MS,
    userExists: true,
    userId: 'bob',
    keyVersion: null,
    encryptedTeamKey: null,
    encryptedTeamKeyWithSecret: null,
    proofHash: null,
    emailsSent: 0,
    respondedAt: null,
    ...overrides,
  };
}

/** The same invitation for an address without an account. */
export function sampleSecretInvitation(overrides: Partial<StoredInvitation> = {}, now = Date.now()): StoredInvitation {
  return sampleInvitation({ email: 'zoe@example.com', userExists: false, userId: null, ...overrides }, now);
}

export const accountKey = (keyVersion: number): InvitationKeyAttachment => ({ kind: 'account', keyVersion, encryptedTeamKey: SAMPLE_TEAM_KEY_WRAP });
export const secretKey = (keyVersion: number): InvitationKeyAttachment => ({
  kind: 'secret',
  keyVersion,
  encryptedTeamKeyWithSecret: SAMPLE_SECRET_WRAP,
  proofHash: SAMPLE_PROOF_HASH,
});

export interface InvitationWorld {
  /** The repository as the signed-in user `uid` with the address `${uid}@example.com` sees it. */
  as(uid: string): Promise<InvitationRepository>;
  /** What the team callables write with the Admin SDK. */
  seedTeam(teamId: string, team: StoredTeam): Promise<void>;
  /** What inviteTeamMember writes with the Admin SDK. */
  seedInvitation(inviteId: string, invitation: StoredInvitation): Promise<void>;
  /** What sign-up writes. */
  seedUser(uid: string, record: StoredUserRecord): Promise<void>;
  /** The user's pendingTeamKeys and updatedAt as stored (read past the rules). */
  storedUser(uid: string): Promise<Pick<StoredUserRecord, 'pendingTeamKeys' | 'updatedAt'> | null>;
}

const HOUR = 60 * 60 * 1000;

export function invitationRepositoryContract(fresh: () => Promise<InvitationWorld>): void {
  /** team-1: alice owns it at key version 2, carol is its admin. */
  async function world(): Promise<InvitationWorld> {
    const made = await fresh();
    await made.seedTeam('team-1', sampleTeam('Engineering', { alice: 'owner', carol: 'admin', dave: 'view' }, { keyVersion: 2 }));
    await made.seedTeam('team-2', sampleTeam('Sales', { erin: 'owner' }, { keyVersion: 1 }));
    return made;
  }

  describe('InvitationRepository contract', () => {
    it('lists an address’s pending invitations newest first, leaving out answered ones and other addresses', async () => {
      const made = await world();
      const now = Date.now();
      await made.seedInvitation('older', sampleInvitation({}, now - 2 * HOUR));
      await made.seedInvitation('newer', sampleInvitation({ teamId: 'team-2', teamName: 'Sales', invitedBy: 'erin' }, now - HOUR));
      // Pending but past expiresAt: still listed, as Firestore's query returns it (callers check isInvitationOpen).
      await made.seedInvitation('expired', sampleInvitation({ expiresAt: now - 1 }, now - 10 * 24 * HOUR));
      await made.seedInvitation('accepted', sampleInvitation({ status: 'accepted', respondedAt: now }, now));
      await made.seedInvitation('declined', sampleInvitation({ status: 'declined', respondedAt: now }, now));
      await made.seedInvitation('for-zoe', sampleSecretInvitation({}, now));
      const bob = await made.as('bob');
      const listed = await bob.listPendingForEmail('bob@example.com');
      expect(listed.map((invitation) => invitation.id)).toEqual(['newer', 'older', 'expired']);
      expect(listed[0]?.data).toEqual(sampleInvitation({ teamId: 'team-2', teamName: 'Sales', invitedBy: 'erin' }, now - HOUR));
    });

    it('lists a team’s pending invitations newest first for its owner and its admin, and no other team’s', async () => {
      const made = await world();
      const now = Date.now();
      await made.seedInvitation('bob-1', sampleInvitation({}, now - HOUR));
      await made.seedInvitation('zoe-1', sampleSecretInvitation({}, now));
      await made.seedInvitation('answered', sampleInvitation({ status: 'declined', respondedAt: now }, now));
      await made.seedInvitation('bob-2', sampleInvitation({ teamId: 'team-2', teamName: 'Sales', invitedBy: 'erin' }, now));
      for (const uid of ['alice', 'carol']) {
        const listed = await (await made.as(uid)).listPendingForTeam('team-1');
        expect(listed.map((invitation) => invitation.id)).toEqual(['zoe-1', 'bob-1']);
      }
      expect((await (await made.as('erin')).listPendingForTeam('team-2')).map((invitation) => invitation.id)).toEqual(['bob-2']);
    });

    // The invitee reads one only while it is open (the rules; tests/firestore/invitationQueries.test.ts).
    it('gets an invitation by id for its invitee while open and for the team’s managers whatever its status; null when missing', async () => {
      const made = await world();
      const open = sampleInvitation({}, Date.now());
      const accepted = sampleInvitation({ status: 'accepted', respondedAt: 5_000 });
      await made.seedInvitation('open', open);
      await made.seedInvitation('inv', accepted);
      expect((await (await made.as('bob')).get('open'))?.data).toEqual(open);
      expect((await (await made.as('carol')).get('inv'))?.data).toEqual(accepted);
      expect(await (await made.as('bob')).get('missing')).toBeNull();
    });

    it('lets the inviter attach an account’s key once, at the team’s key version', async () => {
      const made = await world();
      const now = Date.now();
      await made.seedInvitation('inv', sampleInvitation({}, now));
      const alice = await made.as('alice');
      await expect(alice.attachKey('inv', accountKey(1))).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(alice.attachKey('inv', secretKey(2))).rejects.toBeInstanceOf(WriteRefusedError);
      await alice.attachKey('inv', accountKey(2));
      expect((await alice.get('inv'))?.data).toEqual(sampleInvitation({ keyVersion: 2, encryptedTeamKey: SAMPLE_TEAM_KEY_WRAP }, now));
      await expect(alice.attachKey('inv', accountKey(2))).rejects.toBeInstanceOf(WriteRefusedError);
    });

    it('lets the inviter attach the secret’s key and proof hash for an address without an account', async () => {
      const made = await world();
      await made.seedInvitation('inv', sampleSecretInvitation());
      const alice = await made.as('alice');
      await expect(alice.attachKey('inv', accountKey(2))).rejects.toBeInstanceOf(WriteRefusedError);
      await alice.attachKey('inv', secretKey(2));
      const stored = (await alice.get('inv'))?.data;
      expect(stored?.encryptedTeamKeyWithSecret).toBe(SAMPLE_SECRET_WRAP);
      expect(stored?.proofHash).toBe(SAMPLE_PROOF_HASH);
      expect(stored?.keyVersion).toBe(2);
      expect(stored?.encryptedTeamKey).toBeNull();
      await expect(alice.attachKey('inv', secretKey(2))).rejects.toBeInstanceOf(WriteRefusedError);
    });

    it('refuses a key on an answered or expired invitation', async () => {
      const made = await world();
      const now = Date.now();
      await made.seedInvitation('answered', sampleInvitation({ status: 'declined', respondedAt: now }));
      await made.seedInvitation('expired', sampleInvitation({ expiresAt: now - 1 }, now - 8 * 24 * HOUR));
      const alice = await made.as('alice');
      await expect(alice.attachKey('answered', accountKey(2))).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(alice.attachKey('expired', accountKey(2))).rejects.toBeInstanceOf(WriteRefusedError);
      expect((await alice.get('expired'))?.data.encryptedTeamKey).toBeNull();
    });

    it('keeps a user’s pending team keys by invite id with updatedAt, up to the limit', async () => {
      const made = await world();
      const created = Date.now() - HOUR;
      await made.seedUser('bob', { ...sampleUserRecord(created), email: 'bob@example.com' });
      const bob = await made.as('bob');
      const now = Date.now();
      await bob.putPendingTeamKey('bob', 'inviteA', SAMPLE_TEAM_KEY_WRAP, now);
      await bob.putPendingTeamKey('bob', 'inviteB', forgedSealed(base64OfBytes(256, 0x62)), now + 1);
      await bob.putPendingTeamKey('bob', 'inviteA', forgedSealed(base64OfBytes(256, 0x61)), now + 2);
      expect(await made.storedUser('bob')).toEqual({
        pendingTeamKeys: { inviteA: base64OfBytes(256, 0x61), inviteB: base64OfBytes(256, 0x62) },
        updatedAt: now + 2,
      });
      for (let index = 2; index < MAX_PENDING_TEAM_KEYS; index += 1) await bob.putPendingTeamKey('bob', `invite${String(index)}`, SAMPLE_TEAM_KEY_WRAP, now);
      await expect(bob.putPendingTeamKey('bob', 'oneTooMany', SAMPLE_TEAM_KEY_WRAP, now)).rejects.toBeInstanceOf(WriteRefusedError);
      expect(Object.keys((await made.storedUser('bob'))?.pendingTeamKeys ?? {})).toHaveLength(MAX_PENDING_TEAM_KEYS);
      // Replacing one of the twenty is still allowed.
      await bob.putPendingTeamKey('bob', 'inviteB', SAMPLE_TEAM_KEY_WRAP, now);
    });

    it('refuses a pending team key for a user without a record', async () => {
      const made = await world();
      const bob = await made.as('bob');
      await expect(bob.putPendingTeamKey('bob', 'inviteA', SAMPLE_TEAM_KEY_WRAP, Date.now())).rejects.toBeInstanceOf(WriteRefusedError);
    });
  });
}
