// Issue #22 item 1 in the unit tier: a vault session follows the repositories' live reads. What
// another device or a teammate adds, changes or deletes reaches the open session without a
// reload, and only the changed entry is decrypted; the echo of the session's own write is not
// decrypted again; a read the database ends (a member removed) drops every decrypted entry.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, type VaultKey } from '../../../src/crypto';
import { withEntryChanges, withGroupChanges } from '../../../src/features/vault/session/liveVault';
import { VaultSession, type VaultState } from '../../../src/features/vault/session/vaultSession';
import type { Group, PasswordEntry } from '../../../src/features/vault/model';
import { createGroup, deletePassword, savePassword, updateGroup, type PersonalVaultDeps } from '../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { expectConsoleError } from '../../support/consoleErrors';

let vaultKey: VaultKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Deps = PersonalVaultDeps & { passwords: MemoryPasswordRepository; groups: MemoryGroupRepository };

/** One vault, and a second device on the same repositories (the vault service acting there). */
function vault(): { deps: Deps; otherDevice: PersonalVaultDeps } {
  const passwords = new MemoryPasswordRepository();
  const groups = new MemoryGroupRepository();
  const deps: Deps = { passwords, groups, vaultKey, userId: 'ana', now: () => 5_000, sealedFormat: true };
  return { deps, otherDevice: { passwords, groups, vaultKey, userId: 'ana', now: () => 6_000, sealedFormat: true } };
}

const draft = (title: string, password = `${title}-secret`) => ({ title, url: null, notes: null, username: `${title}-user`, password, groupId: null });

/** Resolves with the session's state once `done` holds of it. */
function until(session: VaultSession, done: (state: VaultState) => boolean): Promise<VaultState> {
  return new Promise((resolve) => {
    if (done(session.state)) {
      resolve(session.state);
      return;
    }
    const stop = session.subscribe((state) => {
      if (!done(state)) return;
      stop();
      resolve(state);
    });
  });
}

const titles = (state: VaultState) => state.entries.map((entry) => entry.title);
const ready = (state: VaultState) => state.load.status === 'ready';
/** Lets every queued delivery and decryption run. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('a live vault session', () => {
  it('shows what another device adds, changes and deletes, decrypting only that entry each time', async () => {
    const { deps, otherDevice } = vault();
    for (const title of ['Bank', 'Mail', 'Wiki']) await savePassword(otherDevice, draft(title));
    const session = new VaultSession(deps);
    session.start();
    await until(session, ready);
    const decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt');

    const added = await savePassword(otherDevice, draft('Chat'));
    expect(titles(await until(session, (state) => titles(state).includes('Chat')))).toEqual(['Bank', 'Chat', 'Mail', 'Wiki']);
    expect(decrypt).toHaveBeenCalledTimes(1);

    await savePassword(otherDevice, draft('Chat room'), added);
    expect(titles(await until(session, (state) => titles(state).includes('Chat room')))).toEqual(['Bank', 'Chat room', 'Mail', 'Wiki']);
    expect(decrypt).toHaveBeenCalledTimes(2);
    expect(session.state.entries.find((entry) => entry.id === added.id)?.revision).toBe(2);

    const bank = session.state.entries.find((entry) => entry.title === 'Bank') as PasswordEntry;
    await deletePassword(otherDevice, bank);
    expect(titles(await until(session, (state) => !titles(state).includes('Bank')))).toEqual(['Chat room', 'Mail', 'Wiki']);
    expect(decrypt).toHaveBeenCalledTimes(2);
  });

  it('does not decrypt the echo of its own edit and delete, and keeps the details it opened', async () => {
    const { deps, otherDevice } = vault();
    await savePassword(otherDevice, { ...draft('Bank'), notes: 'PIN 1' });
    const session = new VaultSession(deps);
    session.start();
    await until(session, ready);
    const [listed] = session.state.entries as [PasswordEntry];
    const opened = await session.withDetails(listed);
    const decrypt = vi.spyOn(globalThis.crypto.subtle, 'decrypt');

    await session.save({ ...draft('Bank'), url: '', notes: 'PIN 2' } as never, opened);
    await quiet();
    expect(decrypt).not.toHaveBeenCalled();
    const [saved] = session.state.entries as [PasswordEntry];
    expect(saved).toMatchObject({ title: 'Bank', notes: 'PIN 2', revision: 2 });

    await session.remove(saved);
    await quiet();
    expect(session.state.entries).toEqual([]);
    expect(decrypt).not.toHaveBeenCalled();
  });

  it('a change that arrives while its own write is under way waits for it, then shows whichever is newer', async () => {
    const { deps, otherDevice } = vault();
    const stored = await savePassword(otherDevice, draft('Bank'));
    const session = new VaultSession(deps);
    session.start();
    await until(session, ready);
    const [listed] = session.state.entries as [PasswordEntry];
    // The other device saves first; this session's save on the older revision is refused and learns theirs.
    await savePassword(otherDevice, draft('Bank (theirs)'), stored);
    await expect(session.save({ ...draft('Bank (mine)'), url: '', notes: '' } as never, listed)).rejects.toThrow();
    await quiet();
    expect(titles(session.state)).toEqual(['Bank (theirs)']);
  });

  it('lists a group it creates once, and a group renamed elsewhere under its new name', async () => {
    const { deps, otherDevice } = vault();
    const session = new VaultSession(deps);
    session.start();
    await until(session, ready);
    await session.addGroup({ name: 'Work', description: '' });
    await quiet();
    expect(session.state.groups.map((group) => group.name)).toEqual(['Work']);

    const [work] = session.state.groups as [Group];
    await updateGroup(otherDevice, work, { name: 'Office', description: '' });
    const renamed = await until(session, (state) => state.groups.some((group) => group.name === 'Office'));
    expect(renamed.groups.map((group) => group.name)).toEqual(['Office']);
    await createGroup(otherDevice, { name: 'Home', description: '' });
    expect((await until(session, (state) => state.groups.length === 2)).groups.map((group) => group.name)).toEqual(['Home', 'Office']);
  });

  it('keeps a change made while the vault is still loading', async () => {
    const { deps, otherDevice } = vault();
    for (const title of ['Alpha', 'Bank', 'Cloud', 'Mail']) await savePassword(otherDevice, draft(title));
    deps.passwords.pageSize = 2;
    let releaseSecond!: () => void;
    const second = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    deps.passwords.beforePage = (index) => (index === 1 ? second : Promise.resolve());
    const session = new VaultSession(deps);
    session.start();
    await until(session, (state) => state.entries.length === 2);
    await savePassword(otherDevice, draft('Zoo'));
    releaseSecond();
    const done = await until(session, (state) => ready(state) && state.entries.length === 5);
    expect(titles(done)).toEqual(['Alpha', 'Bank', 'Cloud', 'Mail', 'Zoo']);
  });

  it('a read the database ends (the member was removed) fails the vault and drops every decrypted entry', async () => {
    expectConsoleError(/^Failed to load teams\/passwords Error: Missing or insufficient permissions/);
    const { deps, otherDevice } = vault();
    await savePassword(otherDevice, draft('Bank'));
    const session = new VaultSession(deps);
    session.start();
    await until(session, ready);
    deps.passwords.liveReads.endAll(new Error('Missing or insufficient permissions'));
    const failed = await until(session, (state) => state.load.status === 'failed');
    expect(failed.entries).toEqual([]);
    expect(failed.load).toEqual({ status: 'failed', message: 'Failed to load teams/passwords' });
  });

  it('a stopped session hears no more changes', async () => {
    const { deps, otherDevice } = vault();
    const session = new VaultSession(deps);
    session.start();
    await until(session, ready);
    session.stop();
    const heard = vi.fn();
    session.subscribe(heard);
    await savePassword(otherDevice, draft('Bank'));
    await quiet();
    expect(heard).not.toHaveBeenCalled();
    expect(session.state.entries).toEqual([]);
  });
});

describe('merging live changes into a list', () => {
  const entry = (id: string, title: string, revision: number, extra: Partial<PasswordEntry> = {}): PasswordEntry => ({
    id,
    title,
    url: null,
    notes: null,
    username: '',
    password: '',
    groupId: null,
    createdAt: 1,
    updatedAt: revision,
    revision,
    undecryptable: false,
    ...extra,
  });

  it('puts newer entries in title order, drops removed ones, and leaves out what is no newer than listed', () => {
    const list = [entry('a', 'Alpha', 1), entry('b', 'Bank', 3, { notes: 'opened' }), entry('c', 'Cloud', 1)];
    const next = withEntryChanges(list, [entry('b', 'Bank', 3), entry('d', 'Dune', 1), entry('c', 'Zoo', 2)], ['a']);
    expect(next.map((item) => [item.title, item.revision])).toEqual([
      ['Bank', 3],
      ['Dune', 1],
      ['Zoo', 2],
    ]);
    // The listed revision kept its opened details.
    expect(next.find((item) => item.id === 'b')?.notes).toBe('opened');
    // An older revision arriving late changes nothing.
    expect(withEntryChanges(next, [entry('c', 'Cloud', 1)], [])).toBe(next);
  });

  it('replaces a damaged entry whatever its revision, and does the same for groups', () => {
    const damaged = entry('a', 'Damaged entry a', 0, { damaged: 'field "updatedAt" is missing', undecryptable: true });
    expect(withEntryChanges([damaged], [entry('a', 'Alpha', 0)], [])[0]?.title).toBe('Alpha');
    const group = (id: string, name: string, revision: number): Group => ({ id, name, description: null, createdAt: 1, updatedAt: 1, revision });
    const groups = [group('g1', 'Work', 2)];
    expect(withGroupChanges(groups, [group('g1', 'Old name', 1)], [])).toBe(groups);
    expect(withGroupChanges(groups, [group('g1', 'Office', 3), group('g2', 'Home', 1)], []).map((item) => item.name)).toEqual(['Home', 'Office']);
    expect(withGroupChanges(groups, [], ['g1'])).toEqual([]);
  });
});
