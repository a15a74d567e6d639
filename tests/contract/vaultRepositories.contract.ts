// One behaviour for the password and group repositories, in memory (unit tier) and on Firestore
// through the rules (firestore tier).
import { describe, expect, it } from 'vitest';
import {
  GoneError,
  RevisionConflictError,
  WriteRefusedError,
  type GroupRepository,
  type PasswordRepository,
  type StoredGroup,
  type StoredPasswordEntry,
  type StoredPlainEntry,
  type StoredPlainGroup,
  type StoredSealedEntry,
  type StoredSealedGroup,
  PLAIN_ENTRY_FIELDS,
  PLAIN_GROUP_FIELDS,
} from '../../src/data/vault/storedEntries';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { MalformedRecordError } from '../../src/data/firestore/storedDocuments';
import { forgedSealed } from '../support/forgedCiphertext';


// Opaque here: a value of the ciphertext's shape, as the server holds it, fit for any sealed field.
const CIPHER = forgedSealed<never>('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=');

/** Every page of a paged read, in the order given. */
export async function allPages<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const read: T[] = [];
  for await (const page of pages) read.push(page);
  return read;
}

export function sampleEntry(userId: string, title: string, overrides: Partial<StoredPlainEntry> = {}): StoredPlainEntry {
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
    revision: 1,
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
}

/** A sealed (format 2) entry as the vault writes it with sealedFormat on; the parts are opaque here. */
export function sampleSealedEntry(userId: string, overrides: Partial<StoredSealedEntry> = {}): StoredSealedEntry {
  return {
    format: 2,
    overview: CIPHER,
    details: CIPHER,
    teamId: null,
    userId,
    groupId: null,
    encrypted: true,
    revision: 1,
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  };
}

export function sampleGroup(userId: string, name: string, overrides: Partial<StoredPlainGroup> = {}): StoredPlainGroup {
  return { name, description: 'about it', userId, teamId: null, revision: 1, createdAt: 1_000, updatedAt: 1_000, ...overrides };
}

/** A sealed group's part at the smallest size the rules take: 12 + 31 + 16 bytes (opaque here). */
export const SEALED_GROUP_PART = forgedSealed<'group-overview'>(btoa(String.fromCharCode(...new Uint8Array(59).fill(7))));

/** A sealed (format 2) group as the vault writes it with sealedFormat on. */
export function sampleSealedGroup(userId: string | null, overrides: Partial<StoredSealedGroup> = {}): StoredSealedGroup {
  return { format: 2, sealed: SEALED_GROUP_PART, userId, teamId: null, revision: 1, createdAt: 1_000, updatedAt: 1_000, ...overrides };
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

    it('reads a user’s personal entries a page at a time: the same entries as the list, each once, in id order, nobody else’s', async () => {
      const as = await fresh();
      const ana = await as('ana');
      for (const title of ['Zeta', 'alpha', 'Beta', 'Gamma']) await ana.create(ana.newId(), sampleEntry('ana', title));
      const bob = await as('bob');
      await bob.create(bob.newId(), sampleEntry('bob', 'Bob’s'));
      const pages = await allPages(ana.readPersonalPages('ana'));
      const ids = pages.flatMap((page) => page.items.map((entry) => entry.id));
      expect(ids).toEqual([...ids].sort());
      expect([...ids].sort()).toEqual((await ana.listPersonal('ana')).map((entry) => entry.id).sort());
      expect(pages.flatMap((page) => page.malformed)).toEqual([]);
      expect(pages.flatMap((page) => page.items.map((entry) => entry.data.title)).sort()).toEqual(['Beta', 'Gamma', 'Zeta', 'alpha']);
      // An empty vault is one empty page: the reader learns it is empty from the server, not from silence.
      const cy = await as('cy');
      expect(await allPages(cy.readPersonalPages('cy'))).toEqual([{ items: [], malformed: [] }]);
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
      await ana.update(id, { title: 'New', remove: ['url'] }, 5_000, 1);
      const [entry] = await ana.listPersonal('ana');
      expect(entry?.data).toEqual({ ...sampleEntry('ana', 'New', { updatedAt: 5_000, revision: 2 }), url: undefined });
      expect(entry && 'url' in entry.data).toBe(false);
    });

    it('deletes', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleEntry('ana', 'Gone'));
      await ana.delete(id, 1);
      expect(await ana.listPersonal('ana')).toEqual([]);
    });

    it('writes only on the revision stored: a stale, equal-but-old or skipped revision changes nothing and hands back the stored entry', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleEntry('ana', 'First'));
      await ana.update(id, { title: 'Second' }, 2_000, 1);
      for (const stale of [1, 3, 0]) {
        const refused = await ana.update(id, { title: 'Lost' }, 3_000, stale).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(RevisionConflictError);
        const conflict = refused as RevisionConflictError<StoredPasswordEntry>;
        expect(conflict.current).toEqual({ id, data: sampleEntry('ana', 'Second', { updatedAt: 2_000, revision: 2 }) });
        expect(conflict.expectedRevision).toBe(stale);
      }
      await expect(ana.delete(id, 1)).rejects.toBeInstanceOf(RevisionConflictError);
      expect((await ana.listPersonal('ana')).map((entry) => [entry.data.title, entry.data.revision])).toEqual([['Second', 2]]);
      await ana.delete(id, 2);
      expect(await ana.listPersonal('ana')).toEqual([]);
    });

    it('an update or delete of an entry deleted meanwhile is GoneError, and nothing is written', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleEntry('ana', 'Soon gone'));
      await ana.delete(id, 1);
      await expect(ana.update(id, { title: 'Back?' }, 2_000, 1)).rejects.toBeInstanceOf(GoneError);
      await expect(ana.delete(id, 1)).rejects.toBeInstanceOf(GoneError);
      expect(await ana.listPersonal('ana')).toEqual([]);
    });

    it('creates only at revision 1', async () => {
      const ana = await (await fresh())('ana');
      await expect(ana.create(ana.newId(), sampleEntry('ana', 'Two', { revision: 2 }))).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(ana.create(ana.newId(), sampleEntry('ana', 'Zero', { revision: 0 }))).rejects.toBeInstanceOf(WriteRefusedError);
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
      await groups.delete(a, 1);
      const byTitle = Object.fromEntries((await ana.listPersonal('ana')).map((entry) => [entry.data.title ?? entry.id, entry.data]));
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
      await ana.update(id, { name: 'New', remove: ['description'] }, 9_000, 1);
      const [group] = await ana.listPersonal('ana');
      expect(group?.data.name).toBe('New');
      expect(group?.data.updatedAt).toBe(9_000);
      expect(group && 'description' in group.data).toBe(false);
    });

    it('lists sealed groups beside clear ones: no name in clear, so first, by id', async () => {
      const ana = await (await fresh())('ana');
      await ana.create('g-sealed-b', sampleSealedGroup('ana'));
      await ana.create('g-plain', sampleGroup('ana', 'Work'));
      await ana.create('g-sealed-a', sampleSealedGroup('ana', { sealed: forgedSealed(SEALED_GROUP_PART.replace('Bw', 'CA')) }));
      const listed = await ana.listPersonal('ana');
      expect(listed.map((group) => group.id)).toEqual(['g-sealed-a', 'g-sealed-b', 'g-plain']);
      expect(listed[0]?.data).toEqual(sampleSealedGroup('ana', { sealed: forgedSealed(SEALED_GROUP_PART.replace('Bw', 'CA')) }));
      expect('name' in (listed[0]?.data ?? {})).toBe(false);
    });

    it('seals a clear group in place, its name and description removed, on the revision read', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleGroup('ana', 'Banking'));
      await ana.update(id, { format: 2, sealed: SEALED_GROUP_PART, remove: [...PLAIN_GROUP_FIELDS] }, 9_000, 1);
      const [group] = await ana.listPersonal('ana');
      expect(group?.data).toEqual(sampleSealedGroup('ana', { revision: 2, updatedAt: 9_000 }));
      // A sealed group's edit replaces the part, on its revision like any other.
      await expect(ana.update(id, { format: 2, sealed: SEALED_GROUP_PART }, 9_500, 1)).rejects.toBeInstanceOf(RevisionConflictError);
      await ana.delete(id, 2);
      expect(await ana.listPersonal('ana')).toEqual([]);
    });

    it('deletes', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleGroup('ana', 'Gone'));
      await ana.delete(id, 1);
      expect(await ana.listPersonal('ana')).toEqual([]);
    });

    it('renames only on the revision stored, keeping the other tab’s rename and description', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleGroup('ana', 'Work'));
      await ana.update(id, { name: 'Office', description: 'kept' }, 2_000, 1);
      const refused = await ana.update(id, { name: 'Job' }, 3_000, 1).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RevisionConflictError);
      expect((refused as RevisionConflictError<StoredGroup>).current.data).toMatchObject({ name: 'Office', description: 'kept', revision: 2 });
      await expect(ana.delete(id, 1)).rejects.toBeInstanceOf(RevisionConflictError);
      expect((await ana.listPersonal('ana')).map((group) => [group.data.name, group.data.description])).toEqual([['Office', 'kept']]);
      await expect(ana.create(ana.newId(), sampleGroup('ana', 'Two', { revision: 2 }))).rejects.toBeInstanceOf(WriteRefusedError);
    });

    it('a rename or delete of a group deleted meanwhile is GoneError', async () => {
      const ana = await (await fresh())('ana');
      const id = ana.newId();
      await ana.create(id, sampleGroup('ana', 'Gone'));
      await ana.delete(id, 1);
      await expect(ana.update(id, { name: 'Back?' }, 2_000, 1)).rejects.toBeInstanceOf(GoneError);
      await expect(ana.delete(id, 1)).rejects.toBeInstanceOf(GoneError);
    });
  });
}

/** A team the store holds before a team contract case runs (on Firestore: seeded with rules disabled). */
export interface ContractTeam {
  readonly teamId: string;
  readonly keyVersion: number;
  /** uid → role; every one of them is a member with the team key. */
  readonly roles: Readonly<Record<string, TeamRole>>;
}

/** `fresh(teams)` empties the store, seeds the teams and returns a way to act as any of their members. */
export type FreshTeams = (teams: readonly ContractTeam[]) => Promise<(uid: string) => Promise<VaultRepositories>>;

const SHARED: ContractTeam = { teamId: 'team-shared', keyVersion: 3, roles: { ana: 'owner', bob: 'full', cy: 'view' } };
const OTHER_TEAM: ContractTeam = { teamId: 'team-other', keyVersion: 1, roles: { dee: 'owner', ana: 'admin' } };

/** A team entry as the team vault writes it: created by `userId`, at the team's key version. */
export function sampleTeamEntry(team: ContractTeam, userId: string, title: string, overrides: Partial<StoredPlainEntry> = {}): StoredPlainEntry {
  return sampleEntry(userId, title, { teamId: team.teamId, keyVersion: team.keyVersion, ...overrides });
}

export function sampleTeamGroup(team: ContractTeam, name: string, overrides: Partial<StoredPlainGroup> = {}): StoredPlainGroup {
  return sampleGroup('unused', name, { userId: null, teamId: team.teamId, ...overrides });
}

/**
 * The activity-log events the team vault's writes carry (issue #24): the repositories write each
 * beside its change, and the rules refuse a team write without it. Personal writes carry none.
 */
export const teamEvents = {
  created: (entryId: string) => ({ kind: 'entry.created', entryId }) as const,
  edited: (entryId: string) => ({ kind: 'entry.edited', entryId, parts: ['overview'] }) as const,
  deleted: (entryId: string) => ({ kind: 'entry.deleted', entryId }) as const,
  groupCreated: (groupId: string) => ({ kind: 'group.created', groupId }) as const,
  groupEdited: (groupId: string) => ({ kind: 'group.edited', groupId }) as const,
  groupDeleted: (groupId: string) => ({ kind: 'group.deleted', groupId }) as const,
};

/** Creates a team entry (or group) under a new id with its event, as the team vault does; returns the id. */
export async function createdInTeam(repository: PasswordRepository, entry: StoredPasswordEntry): Promise<string> {
  const id = repository.newId();
  await repository.create(id, entry, teamEvents.created(id));
  return id;
}

export async function groupCreatedInTeam(repository: GroupRepository, group: StoredGroup): Promise<string> {
  const id = repository.newId();
  await repository.create(id, group, teamEvents.groupCreated(id));
  return id;
}

/** Team entries and groups (docs/teams.md): passwords/ and groups/ with teamId set, written by members. */
export function teamVaultRepositoriesContract(fresh: FreshTeams): void {
  describe('team vault repositories contract', () => {
    it('lists a team’s entries by title for every member, and no personal or other team’s entry', async () => {
      const as = await fresh([SHARED, OTHER_TEAM]);
      const ana = await as('ana');
      const bob = await as('bob');
      await createdInTeam(ana.passwords, sampleTeamEntry(SHARED, 'ana', 'Zeta'));
      await createdInTeam(bob.passwords, sampleTeamEntry(SHARED, 'bob', 'Beta'));
      await ana.passwords.create(ana.passwords.newId(), sampleEntry('ana', 'Alpha personal'));
      await createdInTeam(ana.passwords, sampleTeamEntry(OTHER_TEAM, 'ana', 'Alpha other team'));
      const cy = await as('cy');
      const listed = await cy.passwords.listTeam(SHARED.teamId);
      expect(listed.map((entry) => entry.data.title)).toEqual(['Beta', 'Zeta']);
      expect(listed.map((entry) => [entry.data.userId, entry.data.keyVersion])).toEqual([
        ['bob', 3],
        ['ana', 3],
      ]);
      expect((await ana.passwords.listPersonal('ana')).map((entry) => entry.data.title)).toEqual(['Alpha personal']);
    });

    it('updates a team entry: the given fields and keyVersion, keeping team, creator and createdAt', async () => {
      const as = await fresh([SHARED]);
      const ana = await as('ana');
      const id = ana.passwords.newId();
      await ana.passwords.create(id, sampleTeamEntry(SHARED, 'ana', 'Old'), teamEvents.created(id));
      const bob = await as('bob');
      await bob.passwords.update(id, { title: 'New', username: CIPHER, password: CIPHER, keyVersion: 3, remove: ['notes'] }, 6_000, 1, teamEvents.edited(id));
      const [entry] = await bob.passwords.listTeam(SHARED.teamId);
      const { notes: _dropped, ...expected } = sampleTeamEntry(SHARED, 'ana', 'New', { updatedAt: 6_000, revision: 2 });
      expect(entry?.data).toEqual(expected);
      await bob.passwords.delete(id, 2, teamEvents.deleted(id));
      expect(await bob.passwords.listTeam(SHARED.teamId)).toEqual([]);
    });

    it('two members saving one entry on the same revision: the second is a conflict carrying the first’s', async () => {
      const as = await fresh([SHARED]);
      const ana = await as('ana');
      const bob = await as('bob');
      const id = ana.passwords.newId();
      await ana.passwords.create(id, sampleTeamEntry(SHARED, 'ana', 'Shared'), teamEvents.created(id));
      await bob.passwords.update(id, { title: 'Bob’s title', keyVersion: 3 }, 2_000, 1, teamEvents.edited(id));
      const refused = await ana.passwords.update(id, { title: 'Ana’s title', keyVersion: 3 }, 2_500, 1, teamEvents.edited(id)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RevisionConflictError);
      expect((refused as RevisionConflictError<StoredPasswordEntry>).current.data).toMatchObject({ title: 'Bob’s title', revision: 2 });
      // Keeping hers: saved on the newer revision.
      await ana.passwords.update(id, { title: 'Ana’s title', keyVersion: 3 }, 3_000, 2, teamEvents.edited(id));
      expect((await bob.passwords.listTeam(SHARED.teamId)).map((entry) => [entry.data.title, entry.data.revision])).toEqual([['Ana’s title', 3]]);
      await bob.passwords.delete(id, 3, teamEvents.deleted(id));
      await expect(ana.passwords.delete(id, 3, teamEvents.deleted(id))).rejects.toBeInstanceOf(GoneError);
    });

    it('lists a team’s groups by name, and no personal or other team’s group', async () => {
      const as = await fresh([SHARED, OTHER_TEAM]);
      const ana = await as('ana');
      for (const name of ['Servers', 'Databases', 'CI']) await groupCreatedInTeam(ana.groups, sampleTeamGroup(SHARED, name));
      await ana.groups.create(ana.groups.newId(), sampleGroup('ana', 'Ana’s own'));
      await groupCreatedInTeam(ana.groups, sampleTeamGroup(OTHER_TEAM, 'Elsewhere'));
      const cy = await as('cy');
      const listed = await cy.groups.listTeam(SHARED.teamId);
      expect(listed.map((group) => group.data.name)).toEqual(['CI', 'Databases', 'Servers']);
      expect(listed.every((group) => group.data.userId === null && group.data.teamId === SHARED.teamId)).toBe(true);
      expect((await ana.groups.listPersonal('ana')).map((group) => group.data.name)).toEqual(['Ana’s own']);
    });

    it('renames and deletes a team group', async () => {
      const as = await fresh([SHARED]);
      const ana = await as('ana');
      const id = ana.groups.newId();
      await ana.groups.create(id, sampleTeamGroup(SHARED, 'Old'), teamEvents.groupCreated(id));
      const bob = await as('bob');
      await bob.groups.update(id, { name: 'New', description: 'renamed' }, 8_000, 1, teamEvents.groupEdited(id));
      expect(
        (await bob.groups.listTeam(SHARED.teamId)).map((group) => [group.data.name, group.data.description, group.data.updatedAt, group.data.revision]),
      ).toEqual([['New', 'renamed', 8_000, 2]]);
      await bob.groups.delete(id, 2, teamEvents.groupDeleted(id));
      expect(await bob.groups.listTeam(SHARED.teamId)).toEqual([]);
    });

    it('seals a team group at the team’s key version, and every member lists it', async () => {
      const as = await fresh([SHARED]);
      const ana = await as('ana');
      const id = ana.groups.newId();
      await ana.groups.create(id, sampleTeamGroup(SHARED, 'Servers'), teamEvents.groupCreated(id));
      const bob = await as('bob');
      await bob.groups.update(id, { format: 2, sealed: SEALED_GROUP_PART, keyVersion: SHARED.keyVersion, remove: [...PLAIN_GROUP_FIELDS] }, 8_000, 1, teamEvents.groupEdited(id));
      const created = ana.groups.newId();
      await ana.groups.create(created, sampleSealedGroup(null, { teamId: SHARED.teamId, keyVersion: SHARED.keyVersion }), teamEvents.groupCreated(created));
      const cy = await as('cy');
      const listed = await cy.groups.listTeam(SHARED.teamId);
      expect(Object.fromEntries(listed.map((group) => [group.id, group.data]))).toEqual({
        [id]: sampleSealedGroup(null, { teamId: SHARED.teamId, keyVersion: SHARED.keyVersion, revision: 2, updatedAt: 8_000 }),
        [created]: sampleSealedGroup(null, { teamId: SHARED.teamId, keyVersion: SHARED.keyVersion }),
      });
    });

    it('moves a team group’s entries to no group, and only those', async () => {
      const as = await fresh([SHARED, OTHER_TEAM]);
      const ana = await as('ana');
      const [servers, ci, elsewhere, own] = [ana.groups.newId(), ana.groups.newId(), ana.groups.newId(), ana.groups.newId()];
      await ana.groups.create(servers, sampleTeamGroup(SHARED, 'Servers'), teamEvents.groupCreated(servers));
      await ana.groups.create(ci, sampleTeamGroup(SHARED, 'CI'), teamEvents.groupCreated(ci));
      await ana.groups.create(elsewhere, sampleTeamGroup(OTHER_TEAM, 'Elsewhere'), teamEvents.groupCreated(elsewhere));
      await ana.groups.create(own, sampleGroup('ana', 'Own'));
      const bob = await as('bob');
      await createdInTeam(ana.passwords, sampleTeamEntry(SHARED, 'ana', 'Web 1', { groupId: servers }));
      await createdInTeam(bob.passwords, sampleTeamEntry(SHARED, 'bob', 'Web 2', { groupId: servers }));
      await createdInTeam(bob.passwords, sampleTeamEntry(SHARED, 'bob', 'Runner', { groupId: ci }));
      await createdInTeam(ana.passwords, sampleTeamEntry(OTHER_TEAM, 'ana', 'Other', { groupId: elsewhere }));
      await ana.passwords.create(ana.passwords.newId(), sampleEntry('ana', 'Mine', { groupId: own }));

      // A full member who did not create every entry moves them all, then deletes the group.
      expect(await bob.passwords.ungroupTeam(SHARED.teamId, servers, 7_000)).toBe(2);
      await bob.groups.delete(servers, 1, teamEvents.groupDeleted(servers));

      const byTitle = Object.fromEntries((await bob.passwords.listTeam(SHARED.teamId)).map((entry) => [entry.data.title ?? entry.id, entry.data]));
      expect(byTitle['Web 1']).toMatchObject({ groupId: null, updatedAt: 7_000, userId: 'ana', keyVersion: 3, revision: 2 });
      expect(byTitle['Web 2']).toMatchObject({ groupId: null, updatedAt: 7_000, userId: 'bob' });
      expect(byTitle['Runner']?.groupId).toBe(ci);
      expect((await ana.passwords.listTeam(OTHER_TEAM.teamId))[0]?.data.groupId).toBe(elsewhere);
      expect((await ana.passwords.listPersonal('ana'))[0]?.data.groupId).toBe(own);
      expect((await bob.groups.listTeam(SHARED.teamId)).map((group) => group.id)).toEqual([ci]);
      expect(await bob.passwords.ungroupTeam(SHARED.teamId, ci, 7_500)).toBe(1);
    });
  });
}

/** Where a malformed-document case plants a document of any shape (on Firestore: rules disabled). */
export type Plant = (collection: 'passwords' | 'groups', id: string, data: Readonly<Record<string, unknown>>) => Promise<void>;

/** `fresh(teams)` as FreshTeams, plus a way to plant documents the app would never write. */
export type FreshPlanting = (teams: readonly ContractTeam[]) => Promise<{ as: (uid: string) => Promise<VaultRepositories>; plant: Plant }>;

const UPDATED_AT = 'field "updatedAt" is missing or has the wrong type';
const ENCRYPTED = 'field "encrypted" is missing or has the wrong type';

/**
 * Issue #17, "one bad document is one bad entry": a document of the wrong shape is reported by the
 * scans with its id and what is wrong, and the rest are read; the strict lists still refuse it.
 */
export function malformedDocumentsContract(fresh: FreshPlanting): void {
  describe('malformed documents contract', () => {
    it('a personal entry of the wrong shape is reported by id, and the others are listed', async () => {
      const { as, plant } = await fresh([]);
      const ana = await as('ana');
      for (const title of ['Bank', 'Mail']) await ana.passwords.create(ana.passwords.newId(), sampleEntry('ana', title));
      const group = ana.groups.newId();
      await ana.groups.create(group, sampleGroup('ana', 'Work'));
      await plant('passwords', 'bad-date', { ...sampleEntry('ana', 'Cloud', { groupId: group }), updatedAt: '2026-11-24' });
      await plant('passwords', 'bad-flag', { ...sampleEntry('ana', 'Forum'), encrypted: false });

      const listing = await ana.passwords.scanPersonal('ana');
      expect(listing.items.map((entry) => entry.data.title)).toEqual(['Bank', 'Mail']);
      expect(listing.malformed).toEqual([
        { id: 'bad-date', problem: UPDATED_AT, label: 'Cloud', groupId: group, keyVersion: null },
        { id: 'bad-flag', problem: ENCRYPTED, label: 'Forum', groupId: null, keyVersion: null },
      ]);
      await expect(ana.passwords.listPersonal('ana')).rejects.toBeInstanceOf(MalformedRecordError);
      // Deleting the damaged document is how the user clears it.
      await ana.passwords.delete('bad-date', 0);
      expect((await ana.passwords.scanPersonal('ana')).malformed.map((document) => document.id)).toEqual(['bad-flag']);
    });

    it('a team entry or group of the wrong shape is reported by id to every member, and the others are listed', async () => {
      const { as, plant } = await fresh([SHARED]);
      const ana = await as('ana');
      await createdInTeam(ana.passwords, sampleTeamEntry(SHARED, 'ana', 'Deploy'));
      await groupCreatedInTeam(ana.groups, sampleTeamGroup(SHARED, 'Servers'));
      await plant('passwords', 'bad-team-entry', { ...sampleTeamEntry(SHARED, 'ana', 'Runner'), encrypted: false });
      await plant('groups', 'bad-team-group', { ...sampleTeamGroup(SHARED, 'CI'), updatedAt: 'yesterday' });

      const cy = await as('cy');
      const entries = await cy.passwords.scanTeam(SHARED.teamId);
      expect(entries.items.map((entry) => entry.data.title)).toEqual(['Deploy']);
      expect(entries.malformed).toEqual([{ id: 'bad-team-entry', problem: ENCRYPTED, label: 'Runner', groupId: null, keyVersion: SHARED.keyVersion }]);
      const groups = await cy.groups.scanTeam(SHARED.teamId);
      expect(groups.items.map((group) => group.data.name)).toEqual(['Servers']);
      expect(groups.malformed).toEqual([{ id: 'bad-team-group', problem: UPDATED_AT, label: 'CI', groupId: null, keyVersion: null }]);
      await expect(cy.passwords.listTeam(SHARED.teamId)).rejects.toBeInstanceOf(MalformedRecordError);
      await expect(cy.groups.listTeam(SHARED.teamId)).rejects.toBeInstanceOf(MalformedRecordError);
      // The paged read reports it the same way, in its page.
      const pages = await allPages(cy.passwords.readTeamPages(SHARED.teamId));
      expect(pages.flatMap((page) => page.items.map((entry) => entry.data.title))).toEqual(['Deploy']);
      expect(pages.flatMap((page) => page.malformed)).toEqual(entries.malformed);
    });

    it('a personal group of the wrong shape is reported by id', async () => {
      const { as, plant } = await fresh([]);
      const ana = await as('ana');
      await ana.groups.create(ana.groups.newId(), sampleGroup('ana', 'Home'));
      await plant('groups', 'bad-group', { ...sampleGroup('ana', 'Work'), createdAt: null });
      const listing = await ana.groups.scanPersonal('ana');
      expect(listing.items.map((group) => group.data.name)).toEqual(['Home']);
      expect(listing.malformed).toEqual([
        { id: 'bad-group', problem: 'field "createdAt" is missing or has the wrong type', label: 'Work', groupId: null, keyVersion: null },
      ]);
    });
  });
}

/**
 * Sealed (format 2) entries through a repository (issue #18). Run on the in-memory doubles; the
 * Firestore tier runs it once the rules accept format 2 (not yet: format 1 is what the app writes there).
 */
export function sealedEntriesContract(freshVault: Fresh<VaultRepositories>): void {
  describe('PasswordRepository contract: sealed entries', () => {
    it('creates and lists a sealed entry as written, beside a format-1 one', async () => {
      const ana = (await (await freshVault())('ana')).passwords;
      const [sealed, plain] = [ana.newId(), ana.newId()];
      await ana.create(sealed, sampleSealedEntry('ana'));
      await ana.create(plain, sampleEntry('ana', 'Plain'));
      const listed = await ana.listPersonal('ana');
      expect(listed).toHaveLength(2);
      expect(listed.find((entry) => entry.id === sealed)?.data).toEqual(sampleSealedEntry('ana'));
      expect(listed.find((entry) => entry.id === plain)?.data).toEqual(sampleEntry('ana', 'Plain'));
      expect((await ana.scanPersonal('ana')).malformed).toEqual([]);
    });

    it('an edit seals a format-1 entry on its revision, removing every clear field; a stale one changes nothing', async () => {
      const ana = (await (await freshVault())('ana')).passwords;
      const id = ana.newId();
      await ana.create(id, sampleEntry('ana', 'Bank'));
      const sealing = { format: 2 as const, overview: CIPHER, details: CIPHER, remove: [...PLAIN_ENTRY_FIELDS] };
      await ana.update(id, { title: 'Edited' }, 2_000, 1);
      const refused = await ana.update(id, sealing, 3_000, 1).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RevisionConflictError);
      await ana.update(id, sealing, 3_000, 2);
      const [entry] = await ana.listPersonal('ana');
      expect(entry?.data).toEqual(sampleSealedEntry('ana', { revision: 3, updatedAt: 3_000 }));
      for (const field of PLAIN_ENTRY_FIELDS) expect(entry && field in entry.data).toBe(false);
    });

    it('an edit of a sealed entry replaces both parts and the group; deleting a group ungroups it', async () => {
      const { passwords: ana, groups } = await (await freshVault())('ana');
      const group = groups.newId();
      await groups.create(group, sampleGroup('ana', 'Work'));
      const id = ana.newId();
      await ana.create(id, sampleSealedEntry('ana'));
      const replaced = forgedSealed<never>('BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=');
      await ana.update(id, { format: 2, overview: replaced, details: replaced, groupId: group }, 2_000, 1);
      expect((await ana.listPersonal('ana'))[0]?.data).toEqual(sampleSealedEntry('ana', { overview: replaced, details: replaced, groupId: group, revision: 2, updatedAt: 2_000 }));
      expect(await ana.ungroupPersonal('ana', group, 3_000)).toBe(1);
      expect((await ana.listPersonal('ana'))[0]?.data).toMatchObject({ format: 2, groupId: null, revision: 3 });
      await ana.delete(id, 3);
      expect(await ana.listPersonal('ana')).toEqual([]);
    });
  });
}
