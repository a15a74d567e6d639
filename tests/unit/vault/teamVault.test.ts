import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, decryptText, entryFieldContext, generateTeamKey, type TeamKey, type VaultKey } from '../../../src/crypto';
import { WriteRefusedError } from '../../../src/data/vault/storedEntries';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import {
  createGroup,
  deleteGroup,
  deletePassword,
  loadEntries,
  loadGroups,
  savePassword,
  updateGroup,
  VaultPermissionError,
  type PersonalVaultDeps,
  type TeamVaultDeps,
} from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { teamEvents } from '../../contract/vaultRepositories.contract';

let teamKey: TeamKey;
let otherTeamKey: TeamKey;
let previousKey: TeamKey;
let vaultKey: VaultKey;
beforeAll(async () => {
  [teamKey, otherTeamKey, previousKey] = await Promise.all([generateTeamKey(), generateTeamKey(), generateTeamKey()]);
  ({ vaultKey } = await createAccountKeys('master password'));
});

type Repos = { passwords: MemoryPasswordRepository; groups: MemoryGroupRepository };

// Format 1, field by field (a team from before the sealed format, which still opens and may be
// edited until it is marked sealed); sealed team entries are tests/unit/vault/sealedEntries.test.ts.
function teamDeps(overrides: Partial<TeamVaultDeps['team']> = {}, repos?: Repos, userId = 'ana'): TeamVaultDeps & Repos {
  let clock = 1_000;
  return {
    passwords: repos?.passwords ?? new MemoryPasswordRepository(),
    groups: repos?.groups ?? new MemoryGroupRepository(),
    userId,
    team: { teamId: 'team-1', key: teamKey, keyVersion: 4, role: 'full', ...overrides },
    sealedFormat: false,
    now: () => (clock += 1),
  };
}

function personalDeps(repos: Repos): PersonalVaultDeps {
  return { passwords: repos.passwords, groups: repos.groups, vaultKey, userId: 'ana', sealedFormat: false, now: () => 5_000 };
}

const draft: ValidPasswordDraft = {
  title: 'Deploy key',
  url: 'https://ci.example',
  notes: null,
  username: 'deployer',
  password: 'ship it',
  groupId: null,
};

describe('team vault', () => {
  it('creates an entry for the team: creator, key version, ciphertext bound to entry and field', async () => {
    const d = teamDeps();
    const saved = await savePassword(d, draft);
    const [stored] = await d.passwords.listTeam('team-1');
    expect(stored?.id).toBe(saved.id);
    expect(stored?.data).toMatchObject({ title: 'Deploy key', teamId: 'team-1', userId: 'ana', keyVersion: 4, groupId: null, encrypted: true });
    expect(stored?.data.username).not.toContain('deployer');
    expect(await decryptText(teamKey, stored!.data.username!, entryFieldContext(saved.id, 'username'))).toBe('deployer');
    // Bound to its field and its entry: the other field's or another entry's context does not open it.
    await expect(decryptText(teamKey, stored!.data.username!, entryFieldContext(saved.id, 'password'))).rejects.toThrow();
    await expect(decryptText(teamKey, stored!.data.password!, entryFieldContext('another-entry', 'password'))).rejects.toThrow();
    expect(await d.passwords.listPersonal('ana')).toEqual([]);
    expect(await loadEntries(d)).toEqual([saved]);
  });

  it('an update re-encrypts with the current key and writes the current key version, keeping the creator', async () => {
    const d = teamDeps({ keyVersion: 4 });
    const saved = await savePassword(d, draft);
    // After a rotation another member, holding version 5, edits it.
    const bob = teamDeps({ keyVersion: 5, key: otherTeamKey }, d, 'bob');
    await savePassword(bob, { ...draft, password: 'rotated' }, saved);
    const [stored] = await d.passwords.listTeam('team-1');
    expect(stored?.data).toMatchObject({ userId: 'ana', keyVersion: 5 });
    expect((await loadEntries(bob))[0]).toMatchObject({ password: 'rotated', undecryptable: false });
  });

  it('a swapped ciphertext (username ↔ password, or from another entry) is shown as undecryptable', async () => {
    const d = teamDeps();
    const a = await savePassword(d, draft);
    const b = await savePassword(d, { ...draft, title: 'Other' });
    const [storedA, storedB] = await d.passwords.listTeam('team-1');
    await d.passwords.update(a.id, { username: storedA!.data.password }, 9_000, 1, teamEvents.edited(a.id));
    await d.passwords.update(b.id, { password: storedA!.data.password }, 9_000, 1, teamEvents.edited(b.id));
    expect(storedB).toBeDefined();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const entries = await loadEntries(d);
    expect(entries.map((entry) => entry.undecryptable)).toEqual([true, true]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('a key from another team opens nothing', async () => {
    const d = teamDeps();
    await savePassword(d, draft);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const [entry] = await loadEntries(teamDeps({ key: otherTeamKey }, d));
    expect(entry).toMatchObject({ undecryptable: true });
    expect(entry?.password).not.toBe('ship it');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Failed to decrypt data. The encryption key may be invalid.'), expect.anything());
    error.mockRestore();
  });

  it('during a rotation: an entry at the previous version opens with the previous key if given, never otherwise', async () => {
    const old = teamDeps({ key: previousKey, keyVersion: 3 });
    await savePassword(old, { ...draft, title: 'Old' });
    const current = teamDeps({ keyVersion: 4 }, old);
    await savePassword(current, { ...draft, title: 'New' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await loadEntries(current)).map((entry) => [entry.title, entry.undecryptable])).toEqual([
      ['New', false],
      ['Old', true],
    ]);
    expect((await loadEntries(teamDeps({ keyVersion: 4, previousKey }, old))).map((entry) => [entry.title, entry.undecryptable])).toEqual([
      ['New', false],
      ['Old', false],
    ]);
    // Two versions behind: the previous key is not even tried.
    expect((await loadEntries(teamDeps({ keyVersion: 5, key: teamKey, previousKey }, old))).every((entry) => entry.undecryptable)).toBe(true);
    error.mockRestore();
  });

  it('decrypts a page at a time and hands out each page with the count so far', async () => {
    const d = teamDeps();
    for (let n = 0; n < 260; n += 1) await savePassword(d, { ...draft, title: `Entry ${String(n).padStart(3, '0')}` });
    d.passwords.pageSize = 100;
    const progress: [number, number][] = [];
    const entries = await loadEntries(d, (page, loaded) => progress.push([page.length, loaded]));
    expect(entries).toHaveLength(260);
    expect(progress).toEqual([
      [100, 100],
      [100, 200],
      [60, 260],
    ]);
  });

  it('team groups: created with teamId and no user, listed by name, deleting one moves its passwords to no group', async () => {
    const d = teamDeps();
    const servers = await createGroup(d, { name: 'Servers', description: '' });
    await createGroup(d, { name: 'CI', description: 'runners' });
    await createGroup(personalDeps(d), { name: 'Personal', description: '' });
    expect((await loadGroups(d)).map((group) => group.name)).toEqual(['CI', 'Servers']);
    const stored = (await d.groups.listTeam('team-1')).find((group) => group.id === servers.id);
    expect(stored?.data).toMatchObject({ teamId: 'team-1', userId: null });
    const hosts = await updateGroup(d, servers, { name: 'Hosts', description: '' });
    const entry = await savePassword(d, { ...draft, groupId: servers.id });
    await deleteGroup(d, hosts);
    expect((await loadGroups(d)).map((group) => group.name)).toEqual(['CI']);
    expect((await loadEntries(d)).find((candidate) => candidate.id === entry.id)?.groupId).toBeNull();
  });

  it.each<[TeamRole, boolean]>([
    ['owner', true],
    ['admin', true],
    ['full', true],
    ['view', false],
  ])('the %s role may write: %s; a refused write says so in the SPEC §6 words and writes nothing', async (role, may) => {
    const writer = teamDeps({ role: 'owner' });
    const existing = await savePassword(writer, draft);
    const group = await createGroup(writer, { name: 'G', description: '' });
    const d = teamDeps({ role }, writer);
    const attempts = {
      add: () => savePassword(d, { ...draft, title: 'Added' }),
      update: () => savePassword(d, { ...draft, title: 'Updated' }, existing),
      // The entry as the update above left it.
      remove: () => deletePassword(d, { id: existing.id, revision: existing.revision + 1 }),
      addGroup: () => createGroup(d, { name: 'H', description: '' }),
      removeGroup: () => deleteGroup(d, group),
    };
    if (may) {
      for (const attempt of Object.values(attempts)) await attempt();
      return;
    }
    await expect(attempts.add()).rejects.toThrow(new VaultPermissionError('You do not have permission to add passwords to this team'));
    await expect(attempts.update()).rejects.toThrow('You do not have permission to update passwords in this team');
    await expect(attempts.remove()).rejects.toThrow('You do not have permission to delete passwords from this team');
    await expect(attempts.addGroup()).rejects.toBeInstanceOf(VaultPermissionError);
    await expect(attempts.removeGroup()).rejects.toBeInstanceOf(VaultPermissionError);
    expect((await d.passwords.listTeam('team-1')).map((entry) => entry.data.title)).toEqual(['Deploy key']);
    expect((await d.groups.listTeam('team-1')).map((stored) => stored.data.name)).toEqual(['G']);
  });

  it('a write the rules refuse (the role changed meanwhile) becomes the SPEC §6 message', async () => {
    const d = teamDeps({ role: 'admin' });
    vi.spyOn(d.passwords, 'create').mockRejectedValueOnce(new WriteRefusedError('Missing or insufficient permissions'));
    vi.spyOn(d.passwords, 'delete').mockRejectedValueOnce(new WriteRefusedError('Missing or insufficient permissions'));
    await expect(savePassword(d, draft)).rejects.toThrow(new VaultPermissionError('You do not have permission to add passwords to this team'));
    await expect(deletePassword(d, { id: 'x', revision: 1 })).rejects.toThrow('You do not have permission to delete passwords from this team');
    vi.spyOn(d.passwords, 'update').mockRejectedValueOnce(new Error('network'));
    await expect(savePassword(d, draft, { ...(await savePassword(d, draft)) })).rejects.toThrow('network');
  });

  it('a refused move out of a group (an entry still at the previous key version) is no permission message, and the group stays', async () => {
    const d = teamDeps({ role: 'owner' });
    const group = await createGroup(d, { name: 'Servers', description: '' });
    vi.spyOn(d.passwords, 'ungroupTeam').mockRejectedValueOnce(new WriteRefusedError('Missing or insufficient permissions'));
    const failure = deleteGroup(d, group);
    await expect(failure).rejects.not.toBeInstanceOf(VaultPermissionError);
    await expect(failure).rejects.toThrow('Could not move the passwords');
    expect((await loadGroups(d)).map((stored) => stored.id)).toEqual([group.id]);
    await deleteGroup(d, group);
    expect(await loadGroups(d)).toEqual([]);
  });

  it('leaves the personal vault as it was: no teamId, no keyVersion, the vault key', async () => {
    const repos = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    const personal = personalDeps(repos);
    const saved = await savePassword(personal, draft);
    await savePassword(teamDeps({}, repos), { ...draft, title: 'Team one' });
    const [stored] = await repos.passwords.listPersonal('ana');
    expect(stored?.data.teamId).toBeNull();
    expect(stored && 'keyVersion' in stored.data).toBe(false);
    expect(await decryptText(vaultKey, stored!.data.password!, entryFieldContext(saved.id, 'password'))).toBe('ship it');
    expect(await loadEntries(personal)).toEqual([saved]);
    await savePassword(personal, { ...draft, notes: 'edited' }, saved);
    expect((await repos.passwords.listPersonal('ana'))[0]?.data).not.toHaveProperty('keyVersion');
  });
});
