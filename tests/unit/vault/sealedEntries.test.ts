import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAccountKeys,
  generateTeamKey,
  openEntryDetails,
  openEntryOverview,
  SEALED_ENTRY_FORMAT,
  type TeamKey,
  type VaultKey,
} from '../../../src/crypto';
import { isSealedEntry, type StoredPasswordEntry, type StoredSealedEntry, type WithId } from '../../../src/data/vault/storedEntries';
import { createDetailsCache } from '../../../src/features/vault/detailsCache';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import {
  loadEntries,
  openDetails,
  PasswordConflictError,
  savePassword,
  type PersonalVaultDeps,
  type TeamVaultDeps,
} from '../../../src/features/vault/vaultService';
import { createSessionStore } from '../../../src/session/sessionStore';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { MemoryStorage } from '../../support/memoryStorage';

// Issue #18: format-2 entries (sealed overview and details) beside format-1 ones, through the
// in-memory repositories. The Firestore side (rules) is not there yet, so the service writes format 2
// only when its deps say so.

let vaultKey: VaultKey;
let teamKey: TeamKey;
let nextTeamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  [teamKey, nextTeamKey] = await Promise.all([generateTeamKey(), generateTeamKey()]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

type Repos = { passwords: MemoryPasswordRepository; groups: MemoryGroupRepository };

// Without sealedFormat: true these helpers write format 1, a vault from before issue #18 (the
// app's default, sealed, is the first test's).
function personal(options: { sealedFormat?: boolean; repos?: Repos } = {}): PersonalVaultDeps & Repos {
  let clock = 1_000;
  return {
    passwords: options.repos?.passwords ?? new MemoryPasswordRepository(),
    groups: options.repos?.groups ?? new MemoryGroupRepository(),
    vaultKey,
    userId: 'ana',
    sealedFormat: options.sealedFormat ?? false,
    now: () => (clock += 1),
  };
}

function team(options: { sealedFormat?: boolean; repos?: Repos; key?: TeamKey; keyVersion?: number } = {}): TeamVaultDeps & Repos {
  let clock = 1_000;
  return {
    passwords: options.repos?.passwords ?? new MemoryPasswordRepository(),
    groups: options.repos?.groups ?? new MemoryGroupRepository(),
    userId: 'ana',
    team: { teamId: 'team-1', key: options.key ?? teamKey, keyVersion: options.keyVersion ?? 4, role: 'full' },
    sealedFormat: options.sealedFormat ?? false,
    now: () => (clock += 1),
  };
}

const draft: ValidPasswordDraft = {
  title: 'Bank',
  url: 'https://bank.example',
  notes: 'recovery code 1234-5678',
  username: 'ana.s',
  password: 'correct horse',
  groupId: null,
};

const CLEAR_FIELDS = ['title', 'url', 'notes', 'username', 'password'];

function sealedOf(stored: WithId<StoredPasswordEntry> | undefined): StoredSealedEntry {
  if (stored === undefined || !isSealedEntry(stored.data)) throw new Error(`not a sealed entry: ${JSON.stringify(stored)}`);
  return stored.data;
}

/** Counts AES-GCM decryptions (WebCrypto's decrypt; unwrapping keys is not counted). */
function countDecryptions() {
  return vi.spyOn(globalThis.crypto.subtle, 'decrypt');
}

describe('sealed entries: writing', () => {
  it('by default new entries are sealed; only sealedFormat false still writes format 1 (a vault from before the sealed format)', async () => {
    const { sealedFormat: _format1, ...byDefault } = personal();
    await savePassword(byDefault, draft);
    const [sealedByDefault] = await byDefault.passwords.listPersonal('ana');
    expect(sealedOf(sealedByDefault).format).toBe(2);
    for (const field of CLEAR_FIELDS) expect(sealedByDefault?.data).not.toHaveProperty(field);

    const legacy = personal({ sealedFormat: false });
    await savePassword(legacy, draft);
    const [stored] = await legacy.passwords.listPersonal('ana');
    expect(stored?.data).toMatchObject({ title: 'Bank', notes: 'recovery code 1234-5678' });
    expect(stored?.data.format).toBeUndefined();
  });

  it('with the flag, a personal entry is stored as two parts bound to the vault key (key version null), nothing typed in clear', async () => {
    const d = personal({ sealedFormat: true });
    const saved = await savePassword(d, draft);
    const [stored] = await d.passwords.listPersonal('ana');
    const data = sealedOf(stored);
    expect(data).toMatchObject({ format: 2, teamId: null, userId: 'ana', groupId: null, encrypted: true, revision: 1 });
    for (const field of CLEAR_FIELDS) expect(field in data).toBe(false);
    expect('keyVersion' in data).toBe(false);
    const json = JSON.stringify(data);
    for (const secret of ['Bank', 'bank.example', 'ana.s', 'correct horse', '1234-5678']) expect(json).not.toContain(secret);
    const binding = { entryId: saved.id, keyVersion: null, format: SEALED_ENTRY_FORMAT };
    expect(await openEntryOverview(vaultKey, binding, data.overview)).toEqual({ title: 'Bank', url: 'https://bank.example', username: 'ana.s' });
    expect(await openEntryDetails(vaultKey, binding, data.details)).toEqual({ password: 'correct horse', notes: 'recovery code 1234-5678', otp: null, history: [] });
    expect(saved).toMatchObject({ title: 'Bank', password: 'correct horse', notes: 'recovery code 1234-5678', sealed: true });
  });

  it('a team entry is sealed under the team key bound to the team key version', async () => {
    const d = team({ sealedFormat: true });
    const saved = await savePassword(d, draft);
    const data = sealedOf((await d.passwords.listTeam('team-1'))[0]);
    expect(data).toMatchObject({ format: 2, teamId: 'team-1', keyVersion: 4 });
    const binding = { entryId: saved.id, keyVersion: 4, format: SEALED_ENTRY_FORMAT };
    expect((await openEntryOverview(teamKey, binding, data.overview)).title).toBe('Bank');
    // Bound to its key version: the same key under another version does not open it.
    await expect(openEntryOverview(teamKey, { ...binding, keyVersion: 3 }, data.overview)).rejects.toThrow();
    await expect(openEntryDetails(teamKey, { ...binding, keyVersion: null }, data.details)).rejects.toThrow();
  });

  it('editing a format-1 entry with the flag seals it and removes every clear field', async () => {
    const repos = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    const before = await savePassword(personal({ repos }), draft);
    const edited = await savePassword(personal({ repos, sealedFormat: true }), { ...draft, notes: 'new notes' }, before);
    const data = sealedOf((await repos.passwords.listPersonal('ana'))[0]);
    for (const field of CLEAR_FIELDS) expect(field in data).toBe(false);
    expect(data.revision).toBe(2);
    expect(edited).toMatchObject({ revision: 2, notes: 'new notes', sealed: true });
    const [listed] = await loadEntries(personal({ repos }));
    expect((await openDetails(personal({ repos }), listed!)).notes).toBe('new notes');
  });

  it('an entry already sealed stays sealed when edited without the flag (its title never goes back in clear)', async () => {
    const repos = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    await savePassword(personal({ repos, sealedFormat: true }), draft);
    const [listed] = await loadEntries(personal({ repos }));
    const opened = await openDetails(personal({ repos }), listed!);
    await savePassword(personal({ repos }), { ...draft, title: 'Bank 2', notes: null }, opened);
    const data = sealedOf((await repos.passwords.listPersonal('ana'))[0]);
    expect(data.revision).toBe(2);
    const [reloaded] = await loadEntries(personal({ repos }));
    expect(reloaded).toMatchObject({ title: 'Bank 2', sealed: true });
    expect(await openDetails(personal({ repos }), reloaded!)).toMatchObject({ password: 'correct horse', notes: null });
  });

  it('a conflict on a sealed entry carries the newer one with its details opened, for the form', async () => {
    const d = personal({ sealedFormat: true });
    const saved = await savePassword(d, draft);
    await savePassword(d, { ...draft, password: 'theirs' }, saved);
    const failure = savePassword(d, { ...draft, password: 'mine' }, saved);
    await expect(failure).rejects.toBeInstanceOf(PasswordConflictError);
    const newer = await failure.catch((error: unknown) => (error as PasswordConflictError).newer);
    expect(newer).toMatchObject({ password: 'theirs', notes: 'recovery code 1234-5678', revision: 2 });
    expect(newer.sealedDetails).toBeUndefined();
  });
});

describe('sealed entries: reading', () => {
  it('lists format 1 and format 2 side by side, in title order, each with title and username', async () => {
    const repos = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    await savePassword(personal({ repos }), { ...draft, title: 'Mail', username: 'plain-user' });
    await savePassword(personal({ repos, sealedFormat: true }), { ...draft, title: 'Bank', username: 'sealed-user' });
    await savePassword(personal({ repos, sealedFormat: true }), { ...draft, title: 'Zoo', username: 'z' });
    const entries = await loadEntries(personal({ repos }));
    expect(entries.map((entry) => [entry.title, entry.username, entry.undecryptable])).toEqual([
      ['Bank', 'sealed-user', false],
      ['Mail', 'plain-user', false],
      ['Zoo', 'z', false],
    ]);
    // Format 1 as today: the password is there; format 2: the details wait, sealed.
    expect(entries[1]).toMatchObject({ password: 'correct horse', notes: 'recovery code 1234-5678' });
    expect(entries[1]?.sealedDetails).toBeUndefined();
    expect(entries[0]).toMatchObject({ password: '', notes: null, sealed: true });
    expect(entries[0]?.sealedDetails).toMatchObject({ keyVersion: null });
  });

  it('opening a sealed vault costs one decryption per entry; a format-1 entry still costs two', async () => {
    const repos = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    for (let n = 0; n < 7; n += 1) await savePassword(personal({ repos, sealedFormat: true }), { ...draft, title: `Sealed ${n}` });
    await savePassword(personal({ repos }), { ...draft, title: 'Plain' });
    const decrypt = countDecryptions();
    const entries = await loadEntries(personal({ repos }));
    expect(entries).toHaveLength(8);
    expect(decrypt).toHaveBeenCalledTimes(7 + 2);
  });

  it('details are opened on demand, once: a second ask is answered from the cache', async () => {
    const d = personal({ sealedFormat: true });
    await savePassword(d, draft);
    const cache = createDetailsCache();
    const reader = { ...personal({ repos: d }), details: cache };
    const [listed] = await loadEntries(reader);
    const decrypt = countDecryptions();
    const [first, second] = await Promise.all([openDetails(reader, listed!), openDetails(reader, listed!)]);
    expect(first).toMatchObject({ title: 'Bank', password: 'correct horse', notes: 'recovery code 1234-5678' });
    expect(first.sealedDetails).toBeUndefined();
    expect(second).toEqual(first);
    expect(await openDetails(reader, listed!)).toEqual(first);
    expect(decrypt).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(1);
  });

  it('an entry whose details are already here is returned as it is, with no decryption', async () => {
    const d = personal();
    await savePassword(d, draft);
    const [listed] = await loadEntries(d);
    const decrypt = countDecryptions();
    expect(await openDetails(d, listed!)).toBe(listed);
    expect(decrypt).not.toHaveBeenCalled();
  });

  it('the cache is cleared when the session forgets the keys (lock, logout), and details are opened afresh after', async () => {
    const d = personal({ sealedFormat: true });
    await savePassword(d, draft);
    const store = createSessionStore(new MemoryStorage());
    const cache = createDetailsCache();
    store.onKeysForgotten(cache.clear);
    const user = { uid: 'ana', email: 'ana@example.com', emailVerified: true, provider: 'password' as const };
    store.unlock(user, { vaultKey, privateKey: {} as never }, 'wrapped');
    const reader = { ...personal({ repos: d }), details: cache };
    const [listed] = await loadEntries(reader);
    await openDetails(reader, listed!);
    expect(cache.size).toBe(1);
    store.lock();
    expect(cache.size).toBe(0);
    store.unlock(user, { vaultKey, privateKey: {} as never }, 'wrapped');
    const decrypt = countDecryptions();
    await openDetails(reader, listed!);
    expect(decrypt).toHaveBeenCalledTimes(1);
    store.clear();
    expect(cache.size).toBe(0);
  });

  it('details that do not open reject (logged), are not cached, and a part moved from another entry never opens', async () => {
    const d = personal({ sealedFormat: true });
    const a = await savePassword(d, draft);
    const b = await savePassword(d, { ...draft, title: 'Other', password: 'other secret' });
    const stored = Object.fromEntries((await d.passwords.listPersonal('ana')).map((entry) => [entry.id, sealedOf(entry)]));
    // The server moves b's details into a.
    await d.passwords.update(a.id, { format: 2, overview: stored[a.id]!.overview, details: stored[b.id]!.details }, 9_000, 1);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cache = createDetailsCache();
    const reader = { ...personal({ repos: d }), details: cache };
    const listed = (await loadEntries(reader)).find((entry) => entry.id === a.id)!;
    expect(listed).toMatchObject({ title: 'Bank', undecryptable: false });
    await expect(openDetails(reader, listed)).rejects.toThrow();
    expect(cache.size).toBe(0);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Failed to decrypt data. The encryption key may be invalid.'), expect.anything());
  });

  it('an overview that does not open is listed as undecryptable, by id, with nothing to open', async () => {
    const d = team({ sealedFormat: true });
    const saved = await savePassword(d, draft);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const [entry] = await loadEntries(team({ repos: d, key: nextTeamKey }));
    expect(entry).toMatchObject({ id: saved.id, title: `Undecryptable entry ${saved.id}`, undecryptable: true, sealed: true });
    expect(entry?.sealedDetails).toBeUndefined();
    expect(error).toHaveBeenCalled();
  });

  it('team: a sealed entry at the previous key version opens with the previous key during a rotation', async () => {
    const old = team({ sealedFormat: true, keyVersion: 3 });
    await savePassword(old, draft);
    const current: TeamVaultDeps = { ...team({ repos: old, key: nextTeamKey, keyVersion: 4 }), team: { teamId: 'team-1', key: nextTeamKey, keyVersion: 4, role: 'full', previousKey: teamKey } };
    const [listed] = await loadEntries(current);
    expect(listed).toMatchObject({ title: 'Bank', undecryptable: false, sealedDetails: { keyVersion: 3 } });
    expect((await openDetails(current, listed!)).password).toBe('correct horse');
  });

  it('decrypts a large sealed vault a page at a time, each page in title order, and orders the whole by title', async () => {
    const d = personal({ sealedFormat: true });
    for (let n = 259; n >= 0; n -= 1) await savePassword(d, { ...draft, title: `Entry ${String(n).padStart(3, '0')}` });
    d.passwords.pageSize = 100;
    const progress: [number, number][] = [];
    const pages: string[][] = [];
    const entries = await loadEntries(personal({ repos: d }), (page, loaded) => {
      progress.push([page.length, loaded]);
      pages.push(page.map((entry) => entry.title));
    });
    expect(progress).toEqual([
      [100, 100],
      [100, 200],
      [60, 260],
    ]);
    for (const titles of pages) expect(titles).toEqual([...titles].sort());
    expect(entries.map((entry) => entry.title)).toEqual(Array.from({ length: 260 }, (_, n) => `Entry ${String(n).padStart(3, '0')}`));
  });
});
