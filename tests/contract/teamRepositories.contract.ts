// One behaviour for the team, public-key and remembered-fingerprint repositories: in memory (unit
// tier) and on Firestore through the rules (firestore tier). Teams are written by the callables
// with the Admin SDK, so the contract seeds them through `seedTeam` and reads them as members.
import { describe, expect, it } from 'vitest';
import type { KnownKeysRepository, PublicKeyRepository, StoredTeam, TeamRepository } from '../../src/data/teams/storedTeams';
import { forgedSealed } from '../support/forgedCiphertext';

/** A stored RSA-2048 SPKI is 294 bytes; the rules check sizes, not validity. */
export const SAMPLE_PUBLIC_KEY = 'A'.repeat(392);
const SEALED = 'A'.repeat(60);
/** A sealed fingerprint: 12 + 64 + 16 = 92 bytes, 124 base64 characters. */
const SEALED_FINGERPRINT = `${'A'.repeat(123)}=`;
const FINGERPRINT = 'ab'.repeat(32);
const CHECK = `${'A'.repeat(43)}=`;
const WRAPPED = forgedSealed<'team-key-wrap'>('A'.repeat(344));

export function sampleTeam(name: string, members: Readonly<Record<string, 'owner' | 'admin' | 'full' | 'view'>>, overrides: Partial<StoredTeam> = {}): StoredTeam {
  const ownerId = Object.entries(members).find(([, role]) => role === 'owner')?.[0] ?? 'nobody';
  return {
    name,
    description: `About ${name}`,
    ownerId,
    createdAt: 1_000,
    updatedAt: 1_000,
    memberIds: Object.keys(members),
    members: Object.fromEntries(
      Object.entries(members).map(([uid, role]) => [
        uid,
        { userId: uid, role, joinedAt: 1_000, email: `${uid}@example.com`, encryptedTeamKey: WRAPPED, needsTeamKey: false },
      ]),
    ),
    keyVersion: 1,
    rotationNeeded: false,
    previousKey: null,
    deleting: false,
    ...overrides,
  };
}

export interface TeamWorld {
  /** The repositories as the signed-in user `uid` sees them. */
  as(uid: string): Promise<{ teams: TeamRepository; publicKeys: PublicKeyRepository; knownKeys: KnownKeysRepository }>;
  /** What the callables write with the Admin SDK. */
  seedTeam(teamId: string, team: StoredTeam): Promise<void>;
  /** What sign-up writes: the user's record, whose public key publicKeys/{uid} must repeat. */
  seedUser(uid: string, publicKey: string): Promise<void>;
  /** knownKeys/{uid} of the first format, as an account remembered fingerprints before one record per teammate. */
  seedLegacyKnownKeys(uid: string, sealed: string): Promise<void>;
}

export function teamRepositoryContract(fresh: () => Promise<TeamWorld>): void {
  describe('TeamRepository contract', () => {
    it('lists the teams a user is a member of, by name, leaving out other teams and teams being deleted', async () => {
      const world = await fresh();
      await world.seedTeam('t1', sampleTeam('Zeta', { ana: 'owner', bob: 'view' }));
      await world.seedTeam('t2', sampleTeam('Alpha', { bob: 'owner', ana: 'full' }));
      await world.seedTeam('t3', sampleTeam('Beta', { bob: 'owner' }));
      await world.seedTeam('t4', sampleTeam('Gamma', { ana: 'owner' }, { deleting: true }));
      const { teams } = await world.as('ana');
      expect((await teams.listForMember('ana')).map((team) => [team.id, team.data.name])).toEqual([
        ['t2', 'Alpha'],
        ['t1', 'Zeta'],
      ]);
      expect((await teams.get('t1'))?.members.bob?.role).toBe('view');
    });

    it('tells a member when one of their teams changes, joins or leaves them, and not for teams of others (issue #22)', async () => {
      const world = await fresh();
      await world.seedTeam('t1', sampleTeam('Mine', { ana: 'owner', bob: 'view' }));
      await world.seedTeam('t2', sampleTeam('Theirs', { cy: 'owner' }));
      const { teams } = await world.as('bob');
      let changes = 0;
      const failures: Error[] = [];
      const stop = teams.watchForMember(
        'bob',
        () => {
          changes += 1;
        },
        (error) => failures.push(error),
      );
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      await settle();
      expect(changes).toBe(0);
      await world.seedTeam('t2', sampleTeam('Theirs renamed', { cy: 'owner' }));
      await settle();
      expect(changes).toBe(0);
      await world.seedTeam('t1', sampleTeam('Mine', { ana: 'owner', bob: 'full' }));
      await expect.poll(() => changes, { timeout: 5_000 }).toBe(1);
      // Removed: the team leaves what bob reads, which is a change too.
      await world.seedTeam('t1', sampleTeam('Mine', { ana: 'owner' }));
      await expect.poll(() => changes, { timeout: 5_000 }).toBe(2);
      stop();
      await world.seedTeam('t1', sampleTeam('Mine', { ana: 'owner', bob: 'view' }));
      await settle();
      expect(changes).toBe(2);
      expect(failures).toEqual([]);
    });

    it('lets the owner rename, drop an emptied description and set updatedAt', async () => {
      const world = await fresh();
      await world.seedTeam('t1', sampleTeam('Old', { ana: 'owner' }));
      const { teams } = await world.as('ana');
      await teams.updateDetails('t1', { name: 'New' }, 9_000);
      const team = await teams.get('t1');
      expect(team?.name).toBe('New');
      expect(team?.updatedAt).toBe(9_000);
      expect(team && 'description' in team).toBe(false);
      await teams.updateDetails('t1', { name: 'New', description: 'Back' }, 9_500);
      expect((await teams.get('t1'))?.description).toBe('Back');
    });

    it('keeps the member-key records an owner or admin writes, one per member, for every member to read', async () => {
      const world = await fresh();
      await world.seedTeam('t1', sampleTeam('Ops', { ana: 'owner', bob: 'admin', cid: 'view' }));
      const record = { fingerprint: FINGERPRINT, keyVersion: 1, check: CHECK, confirmedBy: 'ana', updatedAt: Date.now() };
      const { teams } = await world.as('ana');
      expect(await teams.listMemberKeys('t1')).toEqual(new Map());
      await teams.putMemberKey('t1', 'cid', record);
      await (await world.as('bob')).teams.putMemberKey('t1', 'ana', { ...record, confirmedBy: 'bob' });
      const read = await (await world.as('cid')).teams.listMemberKeys('t1');
      expect(read).toEqual(
        new Map([
          ['cid', record],
          ['ana', { ...record, confirmedBy: 'bob' }],
        ]),
      );
    });

    it('gives fresh team ids', async () => {
      const { teams } = await (await fresh()).as('ana');
      expect(teams.newId()).not.toBe(teams.newId());
    });
  });

  describe('PublicKeyRepository contract', () => {
    it('publishes a user’s public key once, for any signed-in user to read; a second publish changes nothing', async () => {
      const world = await fresh();
      await world.seedUser('ana', SAMPLE_PUBLIC_KEY);
      const ana = await world.as('ana');
      expect(await ana.publicKeys.get('ana')).toBeNull();
      await ana.publicKeys.publish('ana', SAMPLE_PUBLIC_KEY, Date.now());
      await ana.publicKeys.publish('ana', SAMPLE_PUBLIC_KEY, Date.now());
      expect(await (await world.as('bob')).publicKeys.get('ana')).toBe(SAMPLE_PUBLIC_KEY);
    });
  });

  describe('KnownKeysRepository contract', () => {
    it('keeps one sealed fingerprint per teammate: writing one never touches another', async () => {
      const { knownKeys } = await (await fresh()).as('ana');
      expect(await knownKeys.get('ana', 'bob')).toBeNull();
      expect(await knownKeys.list('ana')).toEqual(new Map());
      await Promise.all([knownKeys.put('ana', 'bob', SEALED_FINGERPRINT, Date.now()), knownKeys.put('ana', 'cid', `B${SEALED_FINGERPRINT.slice(1)}`, Date.now())]);
      await knownKeys.put('ana', 'bob', `C${SEALED_FINGERPRINT.slice(1)}`, Date.now());
      expect(await knownKeys.get('ana', 'bob')).toBe(`C${SEALED_FINGERPRINT.slice(1)}`);
      expect(await knownKeys.list('ana')).toEqual(
        new Map([
          ['bob', `C${SEALED_FINGERPRINT.slice(1)}`],
          ['cid', `B${SEALED_FINGERPRINT.slice(1)}`],
        ]),
      );
    });

    it('reads the first format’s single document until it is removed', async () => {
      const world = await fresh();
      await world.seedLegacyKnownKeys('ana', SEALED);
      const { knownKeys } = await world.as('ana');
      expect(await knownKeys.getLegacy('ana')).toBe(SEALED);
      await knownKeys.removeLegacy('ana');
      expect(await knownKeys.getLegacy('ana')).toBeNull();
      await knownKeys.removeLegacy('ana');
    });
  });
}
