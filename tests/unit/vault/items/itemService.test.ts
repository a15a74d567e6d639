import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../../../src/crypto';
import type { StoredPasswordEntry } from '../../../../src/data/vault/storedEntries';
import type { ValidPasswordDraft } from '../../../../src/features/vault/form/validatePasswordDraft';
import { emptyItem, loginFromEntry, type Item, type LoginItem } from '../../../../src/features/vault/items/kinds';
import {
  loadEntries,
  loadItems,
  openDetails,
  openItem,
  PasswordConflictError,
  saveItem,
  savePassword,
  type PersonalVaultDeps,
  type TeamVaultDeps,
} from '../../../../src/features/vault/vaultService';
import { scanHealth } from '../../../../src/features/vault/health/scanHealth';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { EVERY_KIND } from '../../../support/itemFixtures';

// Issue #44: items of every kind through the vault service and the repositories, personal and
// team; format-2 logins stay format 2, an item never goes back to format 2.

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password for items'));
  teamKey = await generateTeamKey();
});

function personal(): PersonalVaultDeps & { passwords: MemoryPasswordRepository } {
  let clock = 1_000;
  return { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => (clock += 1) };
}

function team(): TeamVaultDeps & { passwords: MemoryPasswordRepository } {
  let clock = 1_000;
  return {
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    userId: 'ana',
    team: { teamId: 'team-1', key: teamKey, keyVersion: 2, role: 'full' },
    now: () => (clock += 1),
  };
}

async function stored(deps: PersonalVaultDeps | TeamVaultDeps, id: string): Promise<StoredPasswordEntry | undefined> {
  const listing = 'team' in deps ? await deps.passwords.scanTeam(deps.team.teamId) : await deps.passwords.scanPersonal(deps.userId);
  return listing.items.find((item) => item.id === id)?.data;
}

const plainLogin: LoginItem = {
  ...emptyItem('login'),
  title: 'Plain',
  fields: { urls: [{ url: 'https://plain.example', match: 'origin' }], username: 'me', password: 'pw-1', otp: null, history: [] },
};

describe('items through the vault service', () => {
  it.each([
    ['personal', personal],
    ['team', team],
  ] as const)('stores every kind in format 3 in a %s vault, lists their overviews and opens each whole', async (_scope, make) => {
    const deps = make();
    const saved = await Promise.all(EVERY_KIND.map((item) => saveItem(deps, item, { groupId: null })));
    for (const entry of saved) expect((await stored(deps, entry.id))?.format).toBe(3);
    const listed = await loadItems(deps);
    expect(listed.map(({ overview }) => overview?.kind).sort()).toEqual(['card', 'identity', 'login', 'note', 'ssh']);
    const card = listed.find(({ overview }) => overview?.kind === 'card')?.overview;
    expect(card).toMatchObject({ kind: 'card', brand: 'visa', last4: '1111', expiry: { month: 7, year: 2031 } });
    expect(listed.find(({ overview }) => overview?.kind === 'identity')?.overview).toMatchObject({ name: 'Zxana Zxmiddle Zxlast' });
    for (const { entry } of listed) {
      const item = await openItem(deps, entry);
      expect(item).toEqual(EVERY_KIND.find((kind) => kind.title === item.title));
    }
  });

  it('logs a team item by its parts, never a value', async () => {
    const deps = team();
    const [login] = EVERY_KIND;
    if (login?.kind !== 'login') throw new Error('fixture');
    const created = await saveItem(deps, login, { groupId: null });
    await saveItem(deps, { ...login, favourite: false }, { groupId: null }, created);
    expect(deps.passwords.events.map((event) => event.body)).toEqual([
      { kind: 'entry.created', entryId: created.id },
      { kind: 'entry.edited', entryId: created.id, parts: ['overview'] },
    ]);
  });

  it('keeps a login that format 2 holds in format 2, and reads format 2 as a login without rewriting it', async () => {
    const deps = personal();
    const entry = await saveItem(deps, plainLogin, { groupId: null });
    const before = await stored(deps, entry.id);
    expect(before?.format).toBe(2);
    const [listed] = await loadItems(deps);
    expect(listed?.overview).toEqual({ kind: 'login', title: 'Plain', favourite: false, urls: [{ url: 'https://plain.example', match: 'origin' }], username: 'me', hasOneTimeCode: false });
    if (listed === undefined) throw new Error('listed');
    expect(await openItem(deps, listed.entry)).toEqual({ ...plainLogin, notes: '' });
    expect(await stored(deps, entry.id)).toEqual(before);
  });

  it('turns a format-2 login into format 3 when it needs it, with its history, and never back', async () => {
    const deps = personal();
    const entry = await saveItem(deps, plainLogin, { groupId: null });
    const opened = loginFromEntry(await openDetails(deps, entry));
    const favourite: Item = { ...opened, favourite: true, fields: { ...opened.fields, password: 'pw-2' } };
    const item = await saveItem(deps, favourite, { groupId: null }, entry);
    expect((await stored(deps, entry.id))?.format).toBe(3);
    const reopened = await openItem(deps, item);
    expect(reopened.kind === 'login' ? reopened.fields.history.map(({ password }) => password) : null).toEqual(['pw-1']);
    // The password form's save over an item keeps what the form does not show.
    const draft: ValidPasswordDraft = { title: 'Plain 2', url: 'https://plain.example', notes: null, username: 'me', password: 'pw-3', groupId: null };
    const [listed] = await loadEntries(deps);
    if (listed === undefined) throw new Error('listed');
    const again = await savePassword(deps, draft, listed);
    expect((await stored(deps, entry.id))?.format).toBe(3);
    const last = await openItem(deps, again);
    expect(last).toMatchObject({ title: 'Plain 2', favourite: true, fields: { password: 'pw-3' } });
    expect(last.kind === 'login' ? last.fields.history.map(({ password }) => password) : null).toEqual(['pw-2', 'pw-1']);
    // An item saved again as a plain login stays format 3: the format never goes down.
    await saveItem(deps, { ...plainLogin, fields: { ...plainLogin.fields, password: 'pw-3' } }, { groupId: null }, again);
    expect((await stored(deps, entry.id))?.format).toBe(3);
  });

  it('password health judges the logins among items and leaves the other kinds out', async () => {
    const deps = personal();
    for (const item of EVERY_KIND) await saveItem(deps, item, { groupId: null });
    const entries = await loadEntries(deps);
    const opened: string[] = [];
    const report = await scanHealth(
      entries,
      (entry) => {
        opened.push(entry.title);
        return openDetails(deps, entry);
      },
      { loadEstimate: () => Promise.resolve(() => Promise.resolve(4)), scope: { fingerprint: () => Promise.resolve('f'), keyVersion: null }, now: 10_000 },
    );
    expect(opened).toEqual(['Zx-login-title Grüße']);
    expect(report.checked).toBe(1);
  });

  it('an item saved over an entry that did not open is written anew, keeping nothing of it', async () => {
    const deps = personal();
    const entry = await saveItem(deps, plainLogin, { groupId: null });
    const card = EVERY_KIND[2];
    if (card === undefined) throw new Error('fixture');
    const saved = await saveItem(deps, card, { groupId: null }, { ...entry, undecryptable: true, sealedDetails: undefined });
    expect(await openItem(deps, saved)).toEqual(card);
  });

  it('opens an item the list holds opened (its password shown or copied) whole, so a save after keeps every field', async () => {
    const deps = personal();
    for (const template of EVERY_KIND) {
      const saved = await saveItem(deps, template, { groupId: null });
      // What the list holds once the pane showed a password: the entry with its details opened.
      const opened = await openDetails(deps, saved);
      expect(opened.sealedDetails).toBeUndefined();
      expect(await openItem(deps, opened)).toEqual(template);
      const renamed = await saveItem(deps, { ...template, title: `${template.title} 2` }, { groupId: null }, opened);
      expect(await openItem(deps, renamed)).toEqual({ ...template, title: `${template.title} 2` });
    }
  });

  it('shows a non-login item in the list of entries by its title, with no password', async () => {
    const deps = personal();
    const card = EVERY_KIND[2];
    if (card === undefined) throw new Error('fixture');
    await saveItem(deps, card, { groupId: null });
    const [entry] = await loadEntries(deps);
    expect(entry).toMatchObject({ title: 'Zx-card-title', url: null, username: '', password: '', item: { kind: 'card' } });
    if (entry === undefined) throw new Error('listed');
    expect(await openDetails(deps, entry)).toMatchObject({ password: '', notes: null });
    await expect(savePassword(deps, { title: 'x', url: null, notes: null, username: 'u', password: 'p', groupId: null }, entry)).rejects.toThrow(/not a login/);
  });
});

describe('an item re-sealed with the same values is no conflict (issue #42 item 7, for items)', () => {
  /** One team's vault before (key version 1) and after (2) a rotation, on the same repositories. */
  async function rotated() {
    const newKey = await generateTeamKey();
    const passwords = new MemoryPasswordRepository();
    const scope = (keyVersion: number, key: TeamKey, previousKey?: TeamKey): TeamVaultDeps => ({
      passwords,
      groups: new MemoryGroupRepository(),
      userId: 'ana',
      team: { teamId: 'team-1', key, keyVersion, ...(previousKey ? { previousKey } : {}), role: 'full', storedKeyVersion: () => Promise.resolve(keyVersion), onKeyChanged: vi.fn() },
      now: () => 5_000,
    });
    return { before: scope(1, teamKey), after: scope(2, newKey, teamKey) };
  }
  const card = EVERY_KIND[2];
  if (card?.kind !== 'card') throw new Error('fixture');

  it('a card saved from a form opened before the rotation re-sealed it lands on the newer revision, without asking', async () => {
    const { before, after } = await rotated();
    const opened = await saveItem(before, card, { groupId: null });
    // What the rotation's re-encryption does: the same item sealed under the new key, revision 2.
    await saveItem(after, card, { groupId: null }, opened);
    const saved = await saveItem(after, { ...card, title: 'Zx-card-renamed' }, { groupId: null }, opened);
    expect(saved.revision).toBe(3);
    const [listed] = await loadItems(after);
    if (listed === undefined) throw new Error('listed');
    expect(await openItem(after, listed.entry)).toEqual({ ...card, title: 'Zx-card-renamed' });
  });

  it('still asks when a value differs (or the group), and writes nothing', async () => {
    const { before, after } = await rotated();
    const opened = await saveItem(before, card, { groupId: null });
    await saveItem(after, { ...card, fields: { ...card.fields, code: '999' } }, { groupId: null }, opened);
    await expect(saveItem(after, { ...card, title: 'Mine' }, { groupId: null }, opened)).rejects.toBeInstanceOf(PasswordConflictError);
    const moved = await saveItem(before, card, { groupId: null });
    await saveItem(after, card, { groupId: 'group-2' }, moved);
    await expect(saveItem(after, { ...card, title: 'Mine' }, { groupId: null }, moved)).rejects.toBeInstanceOf(PasswordConflictError);
    const titles = await Promise.all((await loadItems(after)).map(async ({ entry }) => (await openItem(after, entry)).title));
    expect(titles).toEqual([card.title, card.title]);
  });
});
