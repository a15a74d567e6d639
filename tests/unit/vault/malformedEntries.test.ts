// Issue #17 item 4: one document of the wrong shape is one damaged entry; the rest of the vault loads.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../../src/crypto';
import { loadEntries, loadGroups, openDetails, savePassword, type PersonalVaultDeps, type TeamVaultDeps } from '../../../src/features/vault/vaultService';
import { sampleEntry, sampleGroup } from '../../contract/vaultRepositories.contract';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { teamEvents } from '../../contract/vaultRepositories.contract';

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  teamKey = await generateTeamKey();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const repos = () => ({ passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() });

function personal(r = repos()): PersonalVaultDeps & ReturnType<typeof repos> {
  return { ...r, vaultKey, userId: 'ana', now: () => 5_000 };
}

const draft = (title: string) => ({ title, url: null, notes: null, username: `${title}-user`, password: `${title}-secret`, groupId: null });

describe('loading a vault with a malformed document', () => {
  it('lists a personal entry of the wrong shape as damaged (by title, with what is wrong, logged), and decrypts the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const deps = personal();
    await savePassword(deps, draft('Bank'));
    await savePassword(deps, draft('Mail'));
    deps.passwords.plant('bad-date', { ...sampleEntry('ana', 'Cloud'), updatedAt: '2026-11-24' });

    const entries = await loadEntries(deps);
    expect(entries.map((entry) => [entry.title, entry.undecryptable, entry.damaged])).toEqual([
      ['Bank', false, undefined],
      ['Cloud', true, 'field "updatedAt" is missing or has the wrong type'],
      ['Mail', false, undefined],
    ]);
    expect((await openDetails(deps, entries.find((entry) => entry.title === 'Mail')!)).password).toBe('Mail-secret');
    // Nothing of the damaged document is shown as if it were a secret.
    expect(entries.find((entry) => entry.id === 'bad-date')).toMatchObject({ username: '', password: '', url: null, notes: null });
    expect(warn).toHaveBeenCalledWith('Malformed document passwords/bad-date: field "updatedAt" is missing or has the wrong type');
  });

  it('names a damaged entry without a usable title by its id, and keeps its group', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const deps = personal();
    deps.passwords.plant('no-title', { ...sampleEntry('ana', 'x', { groupId: 'g1' }), title: 42 });
    const [entry] = await loadEntries(deps);
    expect(entry).toMatchObject({ id: 'no-title', title: 'Damaged entry no-title', groupId: 'g1', undecryptable: true });
    expect(entry?.damaged).toBe('field "title" is missing or has the wrong type');
  });

  it('does the same in a team vault, for entries and groups', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { passwords, groups } = repos();
    const deps: TeamVaultDeps = { passwords, groups, userId: 'ana', team: { teamId: 'team-1', key: teamKey, keyVersion: 2, role: 'full' }, now: () => 5_000 };
    await savePassword(deps, draft('Deploy'));
    passwords.plant('bad-flag', { ...sampleEntry('ana', 'Runner', { teamId: 'team-1', keyVersion: 2 }), encrypted: false });
    await groups.create('good-group', sampleGroup('x', 'Servers', { userId: null, teamId: 'team-1' }), teamEvents.groupCreated('good-group'));
    groups.plant('bad-group', { ...sampleGroup('x', 'CI', { userId: null, teamId: 'team-1' }), updatedAt: 'soon' });

    const entries = await loadEntries(deps);
    expect(entries.map((entry) => [entry.title, entry.undecryptable, entry.damaged ?? null])).toEqual([
      ['Deploy', false, null],
      ['Runner', true, 'field "encrypted" is missing or has the wrong type'],
    ]);
    const loaded = await loadGroups(deps);
    expect(loaded.map((group) => [group.name, group.damaged ?? null])).toEqual([
      ['CI', 'field "updatedAt" is missing or has the wrong type'],
      ['Servers', null],
    ]);
  });

  it('hands out the damaged document in its page, counted with the others', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const deps = personal();
    await savePassword(deps, draft('Bank'));
    deps.passwords.plant('bad', { ...sampleEntry('ana', 'Cloud'), encrypted: false });
    const pages: [string[], number][] = [];
    await loadEntries(deps, (page, loaded) => pages.push([page.map((entry) => entry.title), loaded]));
    expect(pages).toEqual([[['Bank', 'Cloud'], 2]]);
  });
});
