// An import through the vault service (vaultImportWriter) over the memory repositories: sealed like
// any new entry, interrupted halfway, then planned and run again, which imports only what is
// missing: planImport finds what the first run wrote as duplicates.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../../../src/crypto';
import { isSealedEntry, type GroupRepository, type PasswordRepository } from '../../../../src/data/vault/storedEntries';
import { bitwardenJsonFormat } from '../../../../src/features/import/formats/bitwardenJson';
import type { ImportItem, ParsedImport } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan';
import { ImportInterruptedError, runImport } from '../../../../src/features/import/run/runImport';
import type { ImportWriter } from '../../../../src/features/import/run/types';
import { vaultImportWriter } from '../../../../src/features/vault/importWriter';
import {
  createGroup,
  loadEntries,
  loadGroups,
  openDetails,
  openItem,
  savePassword,
  VaultPermissionError,
  type PersonalVaultDeps,
  type TeamVaultDeps,
  type VaultDeps,
} from '../../../../src/features/vault/vaultService';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { failingCreates } from '../../../support/failingCreates';
import { targetContents } from '../../../support/importTarget';

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  teamKey = await generateTeamKey();
});

type Repos = { passwords: PasswordRepository; groups: GroupRepository };
const repos = () => ({ passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() });

function personal(r: Repos): PersonalVaultDeps {
  let clock = 1_000;
  return { ...r, vaultKey, userId: 'ana', now: () => (clock += 1) };
}

function team(r: Repos, role: TeamRole = 'owner'): TeamVaultDeps {
  let clock = 1_000;
  return { ...r, userId: 'ana', team: { teamId: 'team-1', key: teamKey, keyVersion: 3, role }, now: () => (clock += 1) };
}

const FOLDERS: readonly (readonly string[])[] = [[], ['Work'], ['Work', 'Servers'], ['Home']];

/** Item n of a file as a parser reads it: untrimmed (the password is kept exactly), some without a username or password, one folder of four. */
function item(n: number): ImportItem {
  return {
    at: `item ${n + 1}`,
    kind: n % 10 === 9 ? 'note' : 'login',
    title: n === 7 ? ' Café ☕ “quoted”, with a comma ' : `Site ${n}`,
    url: n % 3 === 0 ? '' : `https://site-${n}.example/login`,
    username: n % 11 === 5 ? '' : `user${n}@example.com `,
    password: n % 13 === 6 ? '' : `pw-${n}-secret `,
    notes: n % 4 === 2 ? `line one of ${n}\nline two, "quoted"` : '',
    extras: [],
    folder: FOLDERS[n % FOLDERS.length] ?? [],
  };
}

const fileOf = (count: number): ParsedImport => ({ format: 'bitwarden-json', items: Array.from({ length: count }, (_, n) => item(n)), skipped: [] });

/** Every entry as its owner sees it once opened as an item, with its group by name, sorted by title. */
async function contents(deps: VaultDeps) {
  const groups = new Map((await loadGroups(deps)).map((group) => [group.id, group.name]));
  const loaded = await loadEntries(deps);
  const opened = await Promise.all(loaded.map(async (entry) => ({ entry, item: await openItem(deps, entry) })));
  return opened
    .map(({ entry: { groupId, undecryptable }, item }) => ({
      kind: item.kind,
      title: item.title,
      url: item.kind === 'login' ? (item.fields.urls[0]?.url ?? null) : null,
      username: item.kind === 'login' ? item.fields.username : '',
      password: item.kind === 'login' ? item.fields.password : '',
      notes: item.notes === '' ? null : item.notes,
      customFields: item.customFields,
      group: groupId === null ? null : (groups.get(groupId) ?? `missing ${groupId}`),
      undecryptable,
    }))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
}

/**
 * What the file should have become: each item once, trimmed but for its password, in its folder's
 * group; a note a secure note (issue #44) whose url, username and password are custom fields.
 */
function expected(count: number) {
  return Array.from({ length: count }, (_, n) => {
    const it = item(n);
    const login = it.kind === 'login';
    const signIn = [
      { name: 'URL', type: 'text', value: it.url.trim() },
      { name: 'Username', type: 'text', value: it.username.trim() },
      // Kept exactly, as a login's password is.
      { name: 'Password', type: 'hidden', value: it.password },
    ].filter(({ value }) => value.trim() !== '');
    return {
      kind: it.kind,
      title: it.title.trim(),
      url: login ? it.url.trim() || null : null,
      username: login ? it.username.trim() : '',
      password: login ? it.password : '',
      notes: it.notes.trim() || null,
      customFields: login ? [] : signIn,
      group: it.folder.length === 0 ? null : it.folder.join(' / '),
      undecryptable: false,
    };
  }).sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe.each([
  ['personal vault', personal],
  ['team (owner)', (r: Repos) => team(r)],
])('import into a %s through the vault service', (_scope, depsOf) => {
  it('interrupted halfway, then planned and run again: every item is there exactly once, sealed, in its group', async () => {
    const r = repos();
    const deps = depsOf(r);
    // The target already has the Home group and the file's first item.
    await createGroup(deps, { name: 'Home', description: 'ours' });
    await savePassword(deps, { title: 'Site 0', url: null, notes: null, username: 'user0@example.com', password: 'pw-0-secret ', groupId: null });
    const file = fileOf(60);

    const first = await planImport(file, await targetContents(deps));
    expect(first.entries).toHaveLength(59);
    expect(first.groups.map((group) => [group.name, group.existingId === null])).toEqual([
      ['Work', true],
      ['Work / Servers', true],
      ['Home', false],
    ]);
    // The 30th create is lost: the third batch of ten has nine written.
    const error = await rejection(runImport(first, vaultImportWriter(depsOf({ ...r, passwords: failingCreates(r.passwords, 30) })), { batchSize: 10 }));
    expect(error).toBeInstanceOf(ImportInterruptedError);
    expect(error).toMatchObject({ written: 29, total: 59 });
    expect((await loadEntries(deps)).length).toBe(1 + 29);

    const again = await planImport(file, await targetContents(deps));
    expect(again.entries).toHaveLength(30);
    // The groups the first run made are the target's now: not made twice.
    expect(again.groups.every((group) => group.existingId !== null)).toBe(true);
    expect(await runImport(again, vaultImportWriter(deps), { batchSize: 10 })).toEqual({ written: 30, total: 30, cancelled: false });

    expect(await contents(deps)).toEqual(expected(60));
    expect((await loadGroups(deps)).map((group) => group.name)).toEqual(['Home', 'Work', 'Work / Servers']);
    const stored = (await r.passwords.scanPersonal('ana')).items.concat((await r.passwords.scanTeam('team-1')).items);
    expect(stored).toHaveLength(60);
    expect(stored.every((entry) => isSealedEntry(entry.data))).toBe(true);

    // A third run finds nothing missing.
    expect((await planImport(file, await targetContents(deps))).entries).toEqual([]);
  });

  it('cancelled after the first batch, then run again: every item once', async () => {
    const deps = depsOf(repos());
    const file = fileOf(12);
    const controller = new AbortController();
    const outcome = await runImport(await planImport(file, await targetContents(deps)), vaultImportWriter(deps), {
      batchSize: 5,
      signal: controller.signal,
      onProgress: () => {
        controller.abort();
      },
    });
    expect(outcome).toEqual({ written: 5, total: 12, cancelled: true });
    const rest = await planImport(file, await targetContents(deps));
    expect(rest.entries.map((entry) => entry.at)).toEqual(['item 6', 'item 7', 'item 8', 'item 9', 'item 10', 'item 11', 'item 12']);
    await runImport(rest, vaultImportWriter(deps));
    expect(await contents(deps)).toEqual(expected(12));
  });
});

describe('import into a team the role may not write', () => {
  it('a View Only member is refused at the first write, in the §6 words, and nothing is stored', async () => {
    const r = repos();
    const plan = await planImport(fileOf(8), { entries: [], groups: [] });
    const error = await rejection(runImport(plan, vaultImportWriter(team(r, 'view'))));
    expect(error).toBeInstanceOf(ImportInterruptedError);
    expect(error).toMatchObject({ written: 0 });
    expect((error as Error).cause).toBeInstanceOf(VaultPermissionError);
    expect((await r.passwords.scanTeam('team-1')).items).toEqual([]);
    expect((await r.groups.scanTeam('team-1')).items).toEqual([]);
  });
});

describe('vaultImportWriter', () => {
  it('stores an entry without a username or password as it is: the form’s required rule is for people editing', async () => {
    const deps = personal(repos());
    // As runImport holds it: the vault's writer is an ImportWriter by structure.
    const writer: ImportWriter = vaultImportWriter(deps);
    const groupId = await writer.createGroup('Imported', '');
    await writer.createEntry({ at: 'item 1', kind: 'note', title: 'Wi-Fi', url: null, username: '', password: '', notes: 'code on the router', groupName: 'Imported' }, groupId);
    expect(await contents(deps)).toEqual([{ kind: 'login', title: 'Wi-Fi', url: null, username: '', password: '', notes: 'code on the router', customFields: [], group: 'Imported', undecryptable: false }]);
    expect((await loadGroups(deps)).map(({ name, description }) => ({ name, description }))).toEqual([{ name: 'Imported', description: null }]);
  });
});

// Issue #44: what a file's parser reads of an entry's history and one-time code is what the vault stores.
describe('a Bitwarden file through the vault service', () => {
  it('stores each entry’s password history, newest first, and a bare setup key labelled with the entry', async () => {
    const deps = personal(repos());
    const file = JSON.stringify({
      encrypted: false,
      folders: [],
      items: [
        {
          passwordHistory: [
            { lastUsedDate: '2023-05-01T08:00:00.000Z', password: 'first' },
            { lastUsedDate: '2024-02-01T08:00:00.000Z', password: 'second' },
          ],
          type: 1,
          name: 'GitHub',
          login: { username: 'ada', password: 'current', totp: 'JBSWY3DPEHPK3PXP', uris: [{ uri: 'https://github.com' }] },
        },
      ],
    });
    const parsed = await bitwardenJsonFormat.parse({ name: 'b.json', bytes: new TextEncoder().encode(file) }, {});
    await runImport(await planImport(parsed, await targetContents(deps)), vaultImportWriter(deps));
    const [entry] = await Promise.all((await loadEntries(deps)).map((stored) => openDetails(deps, stored)));
    expect(entry?.passwordHistory).toEqual([
      { password: 'second', replacedAt: Date.parse('2024-02-01T08:00:00.000Z') },
      { password: 'first', replacedAt: Date.parse('2023-05-01T08:00:00.000Z') },
    ]);
    expect(entry?.otp).toBe('otpauth://totp/GitHub:ada?issuer=GitHub&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30');
  });
});
