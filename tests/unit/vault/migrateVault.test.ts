// The sealed-entry migration through the vault service (issue #18 item 4): format-1 entries saved
// again sealed, in batches, on their revisions; interrupted anywhere, every entry still opens and
// the next run finishes; the vault or team is marked only once nothing is left in format 1.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../../src/crypto';
import type { PasswordEntryChanges, PasswordRepository, EntryEvent } from '../../../src/data/vault/storedEntries';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import { migrateVault, type LoadedVault } from '../../../src/features/vault/migration/migrateVault';
import { createGroup, loadEntries, loadGroups, openDetails, savePassword, updateGroup, type PersonalVaultDeps, type TeamVaultDeps, type VaultDeps } from '../../../src/features/vault/vaultService';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { sampleEntry } from '../../contract/vaultRepositories.contract';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';


/** The vault as the screen loads it: its entries and groups. */
async function loadedVault(deps: VaultDeps): Promise<LoadedVault> {
  const [entries, groups] = await Promise.all([loadEntries(deps), loadGroups(deps)]);
  return { entries, groups };
}

let vaultKey: VaultKey;
let teamKey: TeamKey;
let previousTeamKey: TeamKey;

beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  [teamKey, previousTeamKey] = await Promise.all([generateTeamKey(), generateTeamKey()]);
});

type Repos = { passwords: MemoryPasswordRepository; groups: MemoryGroupRepository };
const repos = (): Repos => ({ passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() });

function personal(r: Repos, passwords: PasswordRepository = r.passwords, sealedFormat = true): PersonalVaultDeps {
  let clock = 1_000;
  return { passwords, groups: r.groups, vaultKey, userId: 'ana', sealedFormat, now: () => (clock += 1) };
}

function team(r: Repos, role: TeamRole, options: { sealedFormat?: boolean; previousKey?: TeamKey } = {}): TeamVaultDeps {
  let clock = 1_000;
  return {
    passwords: r.passwords,
    groups: r.groups,
    userId: 'ana',
    team: { teamId: 'team-1', key: teamKey, keyVersion: 3, role, previousKey: options.previousKey ?? null },
    sealedFormat: options.sealedFormat ?? true,
    now: () => (clock += 1),
  };
}

const draft = (n: number): ValidPasswordDraft => ({
  title: `Title ${n}`,
  url: `https://site-${n}.example`,
  notes: `notes ${n}`,
  username: `user-${n}`,
  password: `secret-${n}`,
  groupId: null,
});

/** Format-1 entries, as a vault from before the sealed format holds them. */
async function format1Vault(deps: VaultDeps, count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) await savePassword({ ...deps, sealedFormat: false }, draft(n));
}

/** Every entry as a user sees it after opening it: title, username, password and notes. */
async function opened(deps: VaultDeps) {
  const entries = await Promise.all((await loadEntries(deps)).map((entry) => openDetails(deps, entry)));
  return entries.map(({ title, url, username, password, notes, undecryptable }) => ({ title, url, username, password, notes, undecryptable }));
}

const expected = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ ...draft(n), undecryptable: false }))
    .map(({ groupId: _group, ...rest }) => rest)
    .sort((a, b) => (a.title < b.title ? -1 : 1));

async function storedFormats(r: Repos, scope: 'personal' | 'team') {
  const stored = scope === 'personal' ? await r.passwords.listPersonal('ana') : await r.passwords.listTeam('team-1');
  return stored.map((entry) => entry.data.format ?? 1);
}

describe('migrateVault', () => {
  it('seals every format-1 entry in batches of 100 with progress, keeps what they hold, and marks the vault', async () => {
    const r = repos();
    await format1Vault(personal(r), 230);
    const progress: [number, number][] = [];
    const sealedIds: string[] = [];
    const outcome = await migrateVault(personal(r), await loadedVault(personal(r)), {
      onProgress: (done, total) => progress.push([done, total]),
      onSealed: (entries) => sealedIds.push(...entries.map((entry) => entry.id)),
    });
    expect(outcome).toEqual({ kind: 'sealed', migrated: 230 });
    expect(progress).toEqual([
      [100, 230],
      [200, 230],
      [230, 230],
    ]);
    expect(new Set(sealedIds).size).toBe(230);
    expect(new Set(await storedFormats(r, 'personal'))).toEqual(new Set([2]));
    for (const { data } of await r.passwords.listPersonal('ana')) {
      for (const field of ['title', 'url', 'notes', 'username', 'password']) expect(data).not.toHaveProperty(field);
      expect(data.revision).toBe(2);
    }
    expect(await opened(personal(r))).toEqual(expected(230));
    expect(r.passwords.marks).toEqual(new Set(['user:ana']));
  });

  it('a write failing halfway leaves every entry readable, nothing marked; the next run finishes and marks', async () => {
    const r = repos();
    await format1Vault(personal(r), 150);
    let writes = 0;
    const failing: PasswordRepository = Object.assign(Object.create(r.passwords) as MemoryPasswordRepository, {
      update: (id: string, changes: PasswordEntryChanges, now: number, revision: number, event?: EntryEvent) =>
        (writes += 1) === 125 ? Promise.reject(new Error('connection lost')) : r.passwords.update(id, changes, now, revision, event),
    });
    await expect(migrateVault(personal(r, failing), await loadedVault(personal(r)))).rejects.toThrow('connection lost');

    const formats = await storedFormats(r, 'personal');
    expect(formats.filter((format) => format === 2).length).toBeGreaterThanOrEqual(120);
    expect(formats.filter((format) => format === 1).length).toBeGreaterThanOrEqual(1);
    expect(await opened(personal(r))).toEqual(expected(150));
    expect(r.passwords.marks.size).toBe(0);

    const again = await migrateVault(personal(r), await loadedVault(personal(r)));
    expect(again.kind).toBe('sealed');
    expect(new Set(await storedFormats(r, 'personal'))).toEqual(new Set([2]));
    expect(await opened(personal(r))).toEqual(expected(150));
    expect(r.passwords.marks).toEqual(new Set(['user:ana']));
  });

  it('an entry changed since the list was read is left as the other tab saved it, and sealed at the next run', async () => {
    const r = repos();
    await format1Vault(personal(r), 3);
    const listed = await loadEntries(personal(r));
    const changed = listed[1]!;
    await savePassword(personal(r, r.passwords, false), { ...draft(1), password: 'changed in another tab' }, changed);

    expect(await migrateVault(personal(r), { entries: listed, groups: [] })).toEqual({ kind: 'partial', migrated: 2, left: 1 });
    expect(r.passwords.marks.size).toBe(0);
    const afterFirst = await opened(personal(r));
    expect(afterFirst.find((entry) => entry.title === 'Title 1')?.password).toBe('changed in another tab');

    expect(await migrateVault(personal(r), await loadedVault(personal(r)))).toEqual({ kind: 'sealed', migrated: 1 });
    expect((await opened(personal(r))).find((entry) => entry.title === 'Title 1')?.password).toBe('changed in another tab');
  });

  it('a damaged document stays as it is and keeps the vault unmarked', async () => {
    const r = repos();
    await format1Vault(personal(r), 2);
    r.passwords.plant('damaged', { ...sampleEntry('ana', 'Broken'), username: 'not a ciphertext' });
    const outcome = await migrateVault(personal(r), await loadedVault(personal(r)));
    expect(outcome).toEqual({ kind: 'partial', migrated: 2, left: 1 });
    expect(r.passwords.marks.size).toBe(0);
  });

  it('a vault with nothing in format 1 is marked without a write', async () => {
    const r = repos();
    await savePassword(personal(r), draft(1));
    const before = await r.passwords.listPersonal('ana');
    expect(await migrateVault(personal(r), await loadedVault(personal(r)))).toEqual({ kind: 'sealed', migrated: 0 });
    expect(await r.passwords.listPersonal('ana')).toEqual(before);
    expect(r.passwords.marks).toEqual(new Set(['user:ana']));
  });

  it('stops between writes when asked, and the next run goes on', async () => {
    const r = repos();
    await format1Vault(personal(r), 40);
    let asked = 0;
    const outcome = await migrateVault(personal(r), await loadedVault(personal(r)), { stopped: () => (asked += 1) > 2 });
    expect(outcome).toEqual({ kind: 'partial', migrated: 20, left: 20 });
    expect((await storedFormats(r, 'personal')).filter((format) => format === 1)).toHaveLength(20);
    expect(await migrateVault(personal(r), await loadedVault(personal(r)))).toEqual({ kind: 'sealed', migrated: 20 });
  });

  it('a team: a full member seals at the current key version and marks the team; a View Only member writes nothing', async () => {
    const r = repos();
    await format1Vault(team(r, 'full'), 5);
    const view = team(r, 'view');
    expect(await migrateVault(view, await loadedVault(view))).toEqual({ kind: 'not-mine' });
    expect(new Set(await storedFormats(r, 'team'))).toEqual(new Set([1]));

    const full = team(r, 'full');
    expect(await migrateVault(full, await loadedVault(full))).toEqual({ kind: 'sealed', migrated: 5 });
    const stored = await r.passwords.listTeam('team-1');
    expect(stored.every(({ data }) => data.format === 2 && data.keyVersion === 3)).toBe(true);
    expect(await opened(view)).toEqual(expected(5));
    expect(r.passwords.marks).toEqual(new Set(['team:team-1']));
    // A View Only member never marks, even with nothing left to seal.
    r.passwords.marks.clear();
    expect(await migrateVault(view, await loadedVault(view))).toEqual({ kind: 'not-mine' });
    expect(r.passwords.marks.size).toBe(0);
  });

  it('seals format-1 groups first, names and descriptions kept, and a group renamed meanwhile keeps the rename until the next run', async () => {
    const r = repos();
    const legacy = { ...personal(r), sealedFormat: false };
    const work = await createGroup(legacy, { name: 'Work', description: 'office' });
    const home = await createGroup(legacy, { name: 'Home', description: '' });
    await savePassword(legacy, { ...draft(1), groupId: work.id });
    const loaded = await loadedVault(personal(r));
    await updateGroup(legacy, home, { name: 'Home (renamed)', description: '' });
    const sealedGroups: string[] = [];

    const outcome = await migrateVault(personal(r), loaded, { onGroupsSealed: (groups) => sealedGroups.push(...groups.map((group) => group.name)) });
    expect(outcome).toEqual({ kind: 'partial', migrated: 1, left: 1 });
    expect(sealedGroups).toEqual(['Work']);
    expect(r.passwords.marks.size).toBe(0);
    const stored = await r.groups.listPersonal('ana');
    expect(stored.map(({ data }) => [data.format ?? 1, 'name' in data])).toEqual(expect.arrayContaining([[2, false], [1, true]]));

    expect(await migrateVault(personal(r), await loadedVault(personal(r)))).toEqual({ kind: 'sealed', migrated: 0 });
    expect((await r.groups.listPersonal('ana')).every(({ data }) => data.format === 2 && !('name' in data) && !('description' in data))).toBe(true);
    expect((await loadGroups(personal(r))).map(({ name, description }) => [name, description])).toEqual([
      ['Home (renamed)', null],
      ['Work', 'office'],
    ]);
    expect((await loadEntries(personal(r)))[0]?.groupId).toBe(work.id);
    expect(r.passwords.marks).toEqual(new Set(['user:ana']));
  });

  it('a View Only member leaves a team’s format-1 groups alone', async () => {
    const r = repos();
    await createGroup(team(r, 'full', { sealedFormat: false }), { name: 'Servers', description: '' });
    const view = team(r, 'view');
    expect(await migrateVault(view, await loadedVault(view))).toEqual({ kind: 'not-mine' });
    expect((await r.groups.listTeam('team-1'))[0]?.data.format).toBeUndefined();
  });

  it('a team whose key is being rotated waits for the rotation and writes nothing', async () => {
    const r = repos();
    await format1Vault(team(r, 'owner'), 3);
    const rotating = team(r, 'owner', { previousKey: previousTeamKey });
    expect(await migrateVault(rotating, await loadedVault(rotating))).toEqual({ kind: 'wait-for-rotation' });
    expect(new Set(await storedFormats(r, 'team'))).toEqual(new Set([1]));
    expect(r.passwords.marks.size).toBe(0);
  });
});
