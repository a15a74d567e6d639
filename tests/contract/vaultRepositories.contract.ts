// One behaviour for the password and group repositories, in memory (unit tier) and on Firestore
// through the rules (firestore tier).
import { describe, expect, it } from 'vitest';
import type { GroupRepository, PasswordRepository, StoredGroup, StoredPasswordEntry } from '../../src/data/vault/storedEntries';

const CIPHER = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export function sampleEntry(userId: string, title: string, overrides: Partial<StoredPasswordEntry> = {}): StoredPasswordEntry {
  return {
    title,
    url: 'https://example.com',
    notes: 'a note',
    username: CIPHER,
    password: CIPHER,
    teamId: null,
    userId,
    groupId: null,
    encrypted: true,
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
}

export function sampleGroup(userId: string, name: string, overrides: Partial<StoredGroup> = {}): StoredGroup {
  return { name, description: 'about it', userId, teamId: null, createdAt: 1_000, updatedAt: 1_000, ...overrides };
}

/** `fresh()` empties the store and returns a way to act as any signed-in user on it. */
type Fresh<R> = () => Promise<(uid: string) => Promise<R>>;

/** The password contract also needs groups: the rules let an entry name only its writer's own group. */
export interface VaultRepositories {
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
}

export function passwordRepositoryContract(freshVault: Fresh<VaultRepositories>): void {
  const fresh: Fresh<PasswordRepository> = async () => {
    const as = await freshVault();
    return async (uid) => (await as(uid)).passwords;
  };
  describe('PasswordRepository contract', () => {
    it('lists a user’s personal entries by title, and nobody else’s', async () => {
      const as = await fresh();
      const ana = await as('ana');
      for (const title of ['Zeta', 'alpha', 'Beta']) await ana.create(ana.newId(), sampleEntry('ana', title));
      const bob = await as('bob');
      await bob.create(bob.newId(), sampleEntry('bob', 'Bob’s'));
      expect((await ana.listPersonal('ana')).map((entry) => entry.data.title)).toEqual(['Beta', 'Zeta', 'alpha']);
      expect((await bob.listPersonal('bob')).map((entry) => entry.data.title)).toEqual(['Bob’s']);
    });

    it('gives fresh ids and stores entries under them', async () => {
      const ana = await (await fresh())('ana');
      const [first, second] = [ana.newId(), ana.newId()];
      expect(first).not.toBe(second);
      await ana.create(first, sampleEntry('ana', 'One'));
      expect((await ana.listPersonal('ana')).map((entry) => entry.id)).toEqual([first]);
    });

    it('updates only the given fields, sets updatedAt and keeps encrypted', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleEntry('ana', 'Old'));
      await ana.update(id, { title: 'New', remove: ['url'] }, 5_000);
      const [entry] = await ana.listPersonal('ana');
      expect(entry?.data).toEqual({ ...sampleEntry('ana', 'New', { updatedAt: 5_000 }), url: undefined });
      expect(entry && 'url' in entry.data).toBe(false);
    });

    it('deletes', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleEntry('ana', 'Gone'));
      await ana.delete(id);
      expect(await ana.listPersonal('ana')).toEqual([]);
    });

    it('moves a group’s entries to no group, and only those', async () => {
      const { passwords: ana, groups } = await (await freshVault())('ana');
      const [a, b] = [groups.newId(), groups.newId()];
      await groups.create(a, sampleGroup('ana', 'A'));
      await groups.create(b, sampleGroup('ana', 'B'));
      await ana.create(ana.newId(), sampleEntry('ana', 'In A', { groupId: a }));
      await ana.create(ana.newId(), sampleEntry('ana', 'Also in A', { groupId: a }));
      await ana.create(ana.newId(), sampleEntry('ana', 'In B', { groupId: b }));
      expect(await ana.ungroupPersonal('ana', a, 7_000)).toBe(2);
      // Then the group goes, as personalVault.deleteGroup does it.
      await groups.delete(a);
      const byTitle = Object.fromEntries((await ana.listPersonal('ana')).map((entry) => [entry.data.title, entry.data]));
      expect(byTitle['In A']?.groupId).toBeNull();
      expect(byTitle['Also in A']?.updatedAt).toBe(7_000);
      expect(byTitle['In B']?.groupId).toBe(b);
      expect((await groups.listPersonal('ana')).map((group) => group.id)).toEqual([b]);
    });
  });
}

export function groupRepositoryContract(fresh: Fresh<GroupRepository>): void {
  describe('GroupRepository contract', () => {
    it('lists a user’s personal groups by name', async () => {
      const as = await fresh();
      const ana = await as('ana');
      for (const name of ['Work', 'Home', 'Banking']) await ana.create(ana.newId(), sampleGroup('ana', name));
      const bob = await as('bob');
      await bob.create(bob.newId(), sampleGroup('bob', 'Bob’s'));
      expect((await ana.listPersonal('ana')).map((group) => group.data.name)).toEqual(['Banking', 'Home', 'Work']);
    });

    it('renames, drops an emptied description, and sets updatedAt', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleGroup('ana', 'Old'));
      await ana.update(id, { name: 'New' }, 9_000);
      const [group] = await ana.listPersonal('ana');
      expect(group?.data.name).toBe('New');
      expect(group?.data.updatedAt).toBe(9_000);
      expect(group && 'description' in group.data).toBe(false);
    });

    it('deletes', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleGroup('ana', 'Gone'));
      await ana.delete(id);
      expect(await ana.listPersonal('ana')).toEqual([]);
    });
  });
}
