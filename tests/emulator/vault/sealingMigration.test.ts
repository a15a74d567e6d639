// Issue #18 item 4 on the emulators, through the rules and the app's own services: a personal
// vault and a team of format-1 entries (the team with a key rotation left half done) are sealed by
// the migration, with a write failing between batches. At every step every entry opens for every
// member; once done, the vault and the team are marked, a format-1 write is refused, and a scan
// of every stored document (rules disabled) finds none of what the users typed.
import type { Query } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { WriteRefusedError, type EntryEvent, type PasswordEntryChanges, type PasswordRepository } from '../../../src/data/vault/storedEntries';
import { rotateIfNeeded } from '../../../src/features/teams/rotation';
import { removeMember } from '../../../src/features/teams/teamService';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import { migrateVault, type LoadedVault } from '../../../src/features/vault/migration/migrateVault';
import { createGroup, loadEntries, loadGroups, openDetails, savePassword, VaultPermissionError, type VaultDeps } from '../../../src/features/vault/vaultService';
import { personalVault, person, teamOf, teamVault, type Person } from '../teams/people';
import { db } from '../teams/support';

/** What a user typed, distinctive enough to be searched for in every stored byte. */
const typed = (scope: string, n: number): ValidPasswordDraft => ({
  title: `Sealme-${scope}-title-${n}`,
  url: `https://sealme-${scope}-url-${n}.example`,
  notes: `Sealme-${scope}-notes-${n} recovery 1234`,
  username: `sealme-${scope}-user-${n}`,
  password: `Sealme-${scope}-password-${n}`,
  groupId: null,
});

/** Every entry as its reader sees it once opened, in title order. */
async function openedAll(deps: VaultDeps) {
  const entries = await Promise.all((await loadEntries(deps)).map((entry) => openDetails(deps, entry)));
  return entries.map(({ title, url, notes, username, password, undecryptable }) => ({ title, url, notes, username, password, undecryptable }));
}

function expected(scope: string, count: number) {
  return Array.from({ length: count }, (_, n) => {
    const { groupId: _group, ...fields } = typed(scope, n);
    return { ...fields, undecryptable: false };
  }).sort((a, b) => (a.title < b.title ? -1 : 1));
}

/** The passwords repository with the `failAt`-th update failing as a lost connection would. */
function failingAt(passwords: PasswordRepository, failAt: number): PasswordRepository {
  let writes = 0;
  return {
    ...passwords,
    update: (id: string, changes: PasswordEntryChanges, now: number, revision: number, event?: EntryEvent) =>
      (writes += 1) === failAt ? Promise.reject(new Error('connection lost')) : passwords.update(id, changes, now, revision, event),
  };
}

async function formats(query: Query) {
  return (await query.get()).docs.map((document) => (document.get('format') as number | undefined) ?? 1);
}


/** The vault as the screen loads it: its entries and groups. */
async function loadedVault(deps: VaultDeps): Promise<LoadedVault> {
  const [entries, groups] = await Promise.all([loadEntries(deps), loadGroups(deps)]);
  return { entries, groups };
}

let ana: Person;
let bob: Person;
let dan: Person;
beforeAll(async () => {
  [ana, bob, dan] = await Promise.all([person('seal-ana'), person('seal-bob'), person('seal-dan')]);
}, 60_000);

describe('sealing existing vaults on the emulators', () => {
  it('a personal vault of 120 format-1 entries: interrupted in the second batch, readable throughout, finished and marked by the next run', async () => {
    const legacy = { ...personalVault(ana), sealedFormat: false };
    await createGroup(legacy, { name: 'Sealme-personal-group', description: 'Sealme-personal-group-description' });
    // Made ten at a time: the tier runs beside the browser tier on two cores, where 120 writes one
    // after another took most of the test's time.
    for (let start = 0; start < 120; start += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, offset) => savePassword(legacy, typed('personal', start + offset))));
    }
    const mine = db().collection('passwords').where('userId', '==', ana.uid).where('teamId', '==', null);
    expect(new Set(await formats(mine))).toEqual(new Set([1]));

    await expect(migrateVault(personalVault(ana, failingAt(ana.deps.passwords, 105)), await loadedVault(personalVault(ana)))).rejects.toThrow('connection lost');
    const halfway = await formats(mine);
    expect(halfway.filter((format) => format === 2).length).toBeGreaterThanOrEqual(100);
    expect(halfway).toContain(1);
    expect(await openedAll(personalVault(ana))).toEqual(expected('personal', 120));
    expect((await db().collection('users').doc(ana.uid).get()).get('entryFormat')).toBeUndefined();

    expect((await migrateVault(personalVault(ana), await loadedVault(personalVault(ana)))).kind).toBe('sealed');
    expect(new Set(await formats(mine))).toEqual(new Set([2]));
    expect(await openedAll(personalVault(ana))).toEqual(expected('personal', 120));
    expect((await db().collection('users').doc(ana.uid).get()).get('entryFormat')).toBe(2);
    expect((await loadGroups(personalVault(ana))).map((group) => group.name)).toEqual(['Sealme-personal-group']);
    expect(new Set(await formats(db().collection('groups').where('userId', '==', ana.uid)))).toEqual(new Set([2]));
    // Marked: the rules now refuse a format-1 entry, new or edited.
    await expect(savePassword(legacy, typed('personal', 999))).rejects.toBeInstanceOf(WriteRefusedError);
  }, 420_000);

  it('a team with a rotation half done waits for it; then a Full Access member seals it across a failure, and it is marked', async () => {
    const teamId = await teamOf(ana, [bob, dan], 'full', { madeBeforeSealing: true });
    const legacy = { ...(await teamVault(ana, teamId)), sealedFormat: false };
    await createGroup(legacy, { name: 'Sealme-team-group', description: '' });
    await Promise.all(Array.from({ length: 30 }, (_, n) => savePassword(legacy, typed('team', n))));

    // Dan is removed; the rotation's third re-encrypted write never arrives.
    await removeMember({ ...ana.deps, passwords: failingAt(ana.deps.passwords, 3) }, teamId, dan.uid).catch(() => undefined);
    const team = db().collection('teams').doc(teamId);
    expect((await team.get()).get('previousKey')).not.toBeNull();
    const entries = db().collection('passwords').where('teamId', '==', teamId);

    const waiting = await teamVault(bob, teamId);
    expect(await migrateVault(waiting, await loadedVault(waiting))).toEqual({ kind: 'wait-for-rotation' });
    expect(new Set(await formats(entries))).toEqual(new Set([1]));
    expect(await openedAll(waiting)).toEqual(expected('team', 30));

    await rotateIfNeeded(ana.deps, teamId);
    expect((await team.get()).get('previousKey')).toBeNull();

    const failing = await teamVault(bob, teamId, failingAt(bob.deps.passwords, 12));
    await expect(migrateVault(failing, await loadedVault(failing))).rejects.toThrow('connection lost');
    expect(await formats(entries)).toContain(1);
    for (const member of [ana, bob]) expect(await openedAll(await teamVault(member, teamId))).toEqual(expected('team', 30));
    expect((await team.get()).get('entryFormat')).toBeUndefined();

    const sealer = await teamVault(bob, teamId);
    expect((await migrateVault(sealer, await loadedVault(sealer))).kind).toBe('sealed');
    expect(new Set(await formats(entries))).toEqual(new Set([2]));
    expect((await team.get()).get('entryFormat')).toBe(2);
    expect((await loadGroups(await teamVault(ana, teamId))).map((group) => group.name)).toEqual(['Sealme-team-group']);
    for (const member of [ana, bob]) expect(await openedAll(await teamVault(member, teamId))).toEqual(expected('team', 30));
    await expect(savePassword({ ...(await teamVault(ana, teamId)), sealedFormat: false }, typed('team', 999))).rejects.toBeInstanceOf(VaultPermissionError);
  }, 420_000);

  it('afterwards no stored document holds anything either user typed', async () => {
    const everything: string[] = [];
    for (const name of ['passwords', 'groups', 'users', 'teams', 'publicKeys', 'knownKeys', 'invitations']) {
      for (const document of (await db().collection(name).get()).docs) everything.push(JSON.stringify(document.data()));
    }
    const stored = everything.join('\n').toLowerCase();
    expect(everything.length).toBeGreaterThan(150);
    // Every distinctive piece: titles, urls, notes, usernames and passwords of both vaults.
    expect(stored).not.toContain('sealme-');
  });
});
