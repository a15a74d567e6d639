import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, generateTeamKey, openGroupOverview, SEALED_GROUP_FORMAT, sealGroupOverview, type TeamKey, type VaultKey } from '../../../src/crypto';
import { isSealedGroup, type StoredGroup, type StoredSealedGroup, type WithId } from '../../../src/data/vault/storedEntries';
import {
  createGroup,
  DECRYPT_FAILED_MESSAGE,
  GroupConflictError,
  loadGroups,
  updateGroup,
  type PersonalVaultDeps,
  type TeamVaultDeps,
} from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { teamEvents } from '../../contract/vaultRepositories.contract';

// Issue #18 item 3: a group's name and description sealed under the vault key or the team key of
// its key version, beside format-1 groups, through the in-memory repositories.

let vaultKey: VaultKey;
let teamKey: TeamKey;
let previousTeamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  [teamKey, previousTeamKey] = await Promise.all([generateTeamKey(), generateTeamKey()]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Repos = { passwords: MemoryPasswordRepository; groups: MemoryGroupRepository };

function personal(options: { sealedFormat?: boolean; groups?: MemoryGroupRepository } = {}): PersonalVaultDeps & Repos {
  let clock = 1_000;
  return {
    passwords: new MemoryPasswordRepository(),
    groups: options.groups ?? new MemoryGroupRepository(),
    vaultKey,
    userId: 'ana',
    // Without sealedFormat: true these helpers write format 1 (a vault from before the sealed format).
    sealedFormat: options.sealedFormat ?? false,
    now: () => (clock += 1),
  };
}

function team(options: { sealedFormat?: boolean; groups?: MemoryGroupRepository; previous?: boolean } = {}): TeamVaultDeps & Repos {
  let clock = 1_000;
  return {
    passwords: new MemoryPasswordRepository(),
    groups: options.groups ?? new MemoryGroupRepository(),
    userId: 'ana',
    team: { teamId: 'team-1', key: teamKey, keyVersion: 4, role: 'full', ...(options.previous === true ? { previousKey: previousTeamKey } : {}) },
    // Without sealedFormat: true these helpers write format 1 (a vault from before the sealed format).
    sealedFormat: options.sealedFormat ?? false,
    now: () => (clock += 1),
  };
}

const draft = { name: '  Banking  ', description: '  cards and loans ' };

async function storedOf(groups: MemoryGroupRepository, scope: 'ana' | 'team-1', id: string): Promise<StoredGroup> {
  const listed = scope === 'ana' ? await groups.listPersonal('ana') : await groups.listTeam('team-1');
  const found = listed.find((group) => group.id === id);
  if (found === undefined) throw new Error(`no group ${id}`);
  return found.data;
}

function sealedOf(group: StoredGroup): StoredSealedGroup {
  if (!isSealedGroup(group)) throw new Error(`not sealed: ${JSON.stringify(group)}`);
  return group;
}

describe('the group format', () => {
  it('is sealed by default: the stored group holds no name or description in clear', async () => {
    const { sealedFormat: _format1, ...byDefault } = personal();
    const created = await createGroup(byDefault, draft);
    const stored = sealedOf(await storedOf(byDefault.groups, 'ana', created.id));
    expect(stored).not.toHaveProperty('name');
    expect(stored).not.toHaveProperty('description');
    expect(created.sealed).toBe(true);
  });

  it('with sealedFormat false creates and edits format-1 groups, name in clear, as before', async () => {
    const deps = personal();
    const created = await createGroup(deps, draft);
    expect(await storedOf(deps.groups, 'ana', created.id)).toEqual({ name: 'Banking', description: 'cards and loans', userId: 'ana', teamId: null, revision: 1, createdAt: 1_001, updatedAt: 1_001 });
    expect(created.sealed).toBeUndefined();
    await updateGroup(deps, created, { name: 'Bank', description: ' ' });
    expect(await storedOf(deps.groups, 'ana', created.id)).toEqual({ name: 'Bank', userId: 'ana', teamId: null, revision: 2, createdAt: 1_001, updatedAt: 1_002 });
  });
});

describe('sealed groups', () => {
  it('a personal group is written sealed under the vault key, nothing typed in clear, and listed opened', async () => {
    const deps = personal({ sealedFormat: true });
    const created = await createGroup(deps, draft);
    expect(created).toMatchObject({ name: 'Banking', description: 'cards and loans', revision: 1, sealed: true });
    const stored = sealedOf(await storedOf(deps.groups, 'ana', created.id));
    expect(Object.keys(stored).sort()).toEqual(['createdAt', 'format', 'revision', 'sealed', 'teamId', 'updatedAt', 'userId']);
    expect(JSON.stringify(stored)).not.toMatch(/Banking|cards/);
    expect(await openGroupOverview(vaultKey, { groupId: created.id, keyVersion: null, format: SEALED_GROUP_FORMAT }, stored.sealed)).toEqual({
      name: 'Banking',
      description: 'cards and loans',
    });
    expect(await loadGroups(personal({ groups: deps.groups }))).toEqual([{ ...created }]);
  });

  it('a team group is sealed under the team key of the current version and carries it', async () => {
    const deps = team({ sealedFormat: true });
    const created = await createGroup(deps, { name: 'Servers', description: '' });
    const stored = sealedOf(await storedOf(deps.groups, 'team-1', created.id));
    expect(stored).toMatchObject({ format: 2, keyVersion: 4, userId: null, teamId: 'team-1' });
    expect(await openGroupOverview(teamKey, { groupId: created.id, keyVersion: 4, format: SEALED_GROUP_FORMAT }, stored.sealed)).toEqual({ name: 'Servers', description: null });
    expect((await loadGroups(team({ groups: deps.groups }))).map((group) => [group.name, group.description, group.sealed])).toEqual([['Servers', null, true]]);
  });

  it('lists both formats together, ordered by the opened names, with one decryption per sealed group', async () => {
    const groups = new MemoryGroupRepository();
    const writer = personal({ sealedFormat: true, groups });
    for (const name of ['Work', 'Archive', 'Home']) await createGroup(writer, { name, description: '' });
    await createGroup(personal({ groups }), { name: 'Banking', description: 'clear' });
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    const listed = await loadGroups(personal({ groups }));
    expect(decrypt).toHaveBeenCalledTimes(3);
    expect(listed.map((group) => [group.name, group.sealed === true])).toEqual([
      ['Archive', true],
      ['Banking', false],
      ['Home', true],
      ['Work', true],
    ]);
  });

  it('an edit of a format-1 group with the switch on seals it and removes the clear fields', async () => {
    const groups = new MemoryGroupRepository();
    const clear = await createGroup(personal({ groups }), draft);
    const edited = await updateGroup(personal({ sealedFormat: true, groups }), clear, { name: 'Bank', description: 'renamed' });
    expect(edited).toMatchObject({ name: 'Bank', description: 'renamed', revision: 2, sealed: true });
    const stored = sealedOf(await storedOf(groups, 'ana', clear.id));
    expect('name' in stored || 'description' in stored).toBe(false);
    expect(stored.revision).toBe(2);
    expect(await loadGroups(personal({ groups }))).toMatchObject([{ id: clear.id, name: 'Bank', description: 'renamed', sealed: true }]);
  });

  it('a sealed group stays sealed when edited with the switch off, and an emptied description is sealed as null', async () => {
    const groups = new MemoryGroupRepository();
    const created = await createGroup(team({ sealedFormat: true, groups }), draft);
    await updateGroup(team({ groups }), created, { name: 'Bank', description: '' });
    const stored = sealedOf(await storedOf(groups, 'team-1', created.id));
    expect(await openGroupOverview(teamKey, { groupId: created.id, keyVersion: 4, format: SEALED_GROUP_FORMAT }, stored.sealed)).toEqual({ name: 'Bank', description: null });
  });

  it('a sealed group that does not open is listed as undecryptable by its id and logged; the others still open', async () => {
    const groups = new MemoryGroupRepository();
    const writer = personal({ sealedFormat: true, groups });
    const good = await createGroup(writer, { name: 'Good', description: '' });
    const victim = await createGroup(writer, { name: 'Victim', description: '' });
    // The server moves the good group's sealed part into the other one.
    const part = sealedOf(await storedOf(groups, 'ana', good.id)).sealed;
    await groups.update(victim.id, { format: 2, sealed: part }, 5_000, 1);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listed = await loadGroups(personal({ groups }));
    expect(listed.find((group) => group.id === good.id)).toMatchObject({ name: 'Good' });
    expect(listed.find((group) => group.id === victim.id)).toMatchObject({
      name: `Undecryptable group ${victim.id}`,
      description: null,
      undecryptable: true,
      revision: 2,
    });
    expect(logged).toHaveBeenCalledWith(`${DECRYPT_FAILED_MESSAGE} (group ${victim.id})`, expect.anything());
  });

  it('a team group at the previous key version opens with the previous key; one at a version no key held is undecryptable', async () => {
    const groups = new MemoryGroupRepository();
    const seal = async (id: string, key: TeamKey, keyVersion: number | undefined, name: string) =>
      groups.create(id, {
        format: SEALED_GROUP_FORMAT,
        sealed: await sealGroupOverview(key, { groupId: id, keyVersion: keyVersion ?? 1, format: SEALED_GROUP_FORMAT }, { name, description: null }),
        ...(keyVersion === undefined ? {} : { keyVersion }),
        userId: null,
        teamId: 'team-1',
        revision: 1,
        createdAt: 1,
        updatedAt: 1,
      }, teamEvents.groupCreated(id));
    await seal('at-3', previousTeamKey, 3, 'Previous');
    await seal('at-2', previousTeamKey, 2, 'Older');
    await seal('no-version', teamKey, undefined, 'Versionless');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listed = await loadGroups(team({ groups, previous: true }));
    expect(Object.fromEntries(listed.map((group) => [group.id, [group.name, group.undecryptable === true]]))).toEqual({
      'at-3': ['Previous', false],
      'at-2': ['Undecryptable group at-2', true],
      'no-version': ['Undecryptable group no-version', true],
    });
  });

  it('a rename made meanwhile comes back as GroupConflictError with the newer name opened; saving on it seals again', async () => {
    const groups = new MemoryGroupRepository();
    const created = await createGroup(team({ sealedFormat: true, groups }), draft);
    await updateGroup(team({ groups }), created, { name: 'Theirs', description: 'their words' });
    const conflict = await updateGroup(team({ groups }), created, { name: 'Mine', description: '' }).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(GroupConflictError);
    const newer = (conflict as GroupConflictError).newer;
    expect(newer).toMatchObject({ name: 'Theirs', description: 'their words', revision: 2, sealed: true });
    await updateGroup(team({ groups }), newer, { name: 'Mine', description: '' });
    expect((await loadGroups(team({ groups }))).map((group) => [group.name, group.revision])).toEqual([['Mine', 3]]);
    const stored: WithId<StoredGroup>[] = await groups.listTeam('team-1');
    expect(JSON.stringify(stored)).not.toMatch(/Mine|Theirs/);
  });
});
