// Nothing lost (issue 17): racing writers through the app's own services and the Firestore
// repositories, on the emulators and through the rules. Two tabs, two members, a stale tab, group
// renames, and a rotation of 300 entries with edits at both key versions while it re-encrypts:
// every edit ends up either saved or shown to its writer as a conflict, never silently undone.
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptText, encryptText, entryFieldContext, type TeamKey } from '../../../src/crypto';
import type { PasswordEntryChanges, PasswordRepository, EntryEvent } from '../../../src/data/vault/storedEntries';
import { openTeamKey } from '../../../src/features/teams/teamKeys';
import { removeMember } from '../../../src/features/teams/teamService';
import type { ValidPasswordDraft } from '../../../src/features/vault/form/validatePasswordDraft';
import type { PasswordEntry } from '../../../src/features/vault/model';
import {
  createGroup,
  loadEntries,
  loadGroups,
  openDetails,
  PasswordConflictError,
  GroupConflictError,
  savePassword,
  TeamKeyChangedError,
  updateGroup,
  type PersonalVaultDeps,
  type TeamVaultDeps,
  type VaultDeps,
} from '../../../src/features/vault/vaultService';
import { db } from './support';
import { person, readThroughEmulatorHiccups, teamOf, teamVault, type Person } from './people';

const draft = (title: string, password: string): ValidPasswordDraft => ({ title, url: null, notes: null, username: 'ops', password, groupId: null });

function settle<T>(results: readonly PromiseSettledResult<T>[]) {
  return {
    saved: results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    refused: results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : [])),
  };
}

/** The vault's entries as a user sees them after opening each (a sealed entry lists without its password). */
async function openedEntries(deps: VaultDeps): Promise<PasswordEntry[]> {
  return Promise.all((await loadEntries(deps)).map((entry) => openDetails(deps, entry)));
}

/** A team vault writing format 1, as a team from before the sealed format (the rotation must keep working on it). */
async function format1TeamVault(member: Person, teamId: string): Promise<TeamVaultDeps> {
  return { ...(await teamVault(member, teamId)), sealedFormat: false };
}

/**
 * The entry `id` as a fresh load of the vault lists it. Read again (three tries) when the load does
 * not have it: while the rotation's transactions were in flight, the emulator once answered the
 * first page (limit 300, of 300) with 24 documents, and the same load a moment later with all 300
 * (a test read beside the code under test, as readThroughEmulatorHiccups). Never a silent miss:
 * saving on a missing entry would create a new one.
 */
async function listedIn(deps: TeamVaultDeps, id: string): Promise<PasswordEntry> {
  for (let attempt = 1; ; attempt += 1) {
    const found = (await readThroughEmulatorHiccups(() => loadEntries(deps))).find((candidate) => candidate.id === id);
    if (found !== undefined) return found;
    if (attempt === 3) throw new Error(`Entry ${id} is missing from three loads of the vault`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let ana: Person;
let bob: Person;
let cid: Person;
beforeAll(async () => {
  [ana, bob, cid] = await Promise.all([person('lost-ana'), person('lost-bob'), person('lost-cid')]);
}, 60_000);

describe('two tabs of one user', () => {
  it('editing one entry ten times over (password in one, title in the other): every edit saved or shown as a conflict, and kept once resolved', async () => {
    const tab = await ana.tab();
    const one: PersonalVaultDeps = { passwords: ana.deps.passwords, groups: ana.groups, vaultKey: ana.keys.vaultKey, userId: ana.uid, now: () => Date.now() };
    const two: PersonalVaultDeps = { ...one, passwords: tab.passwords, groups: tab.groups };
    let entry = await savePassword(one, draft('Router', 'start'));
    for (let round = 0; round < 10; round += 1) {
      const password = `password ${round}`;
      const title = `Router ${round}`;
      const { saved, refused } = settle(
        await Promise.allSettled([
          savePassword(one, { ...draft(entry.title, password) }, entry),
          savePassword(two, { ...draft(title, entry.password) }, entry),
        ]),
      );
      // One lands; the other is a conflict carrying it (never a silent overwrite).
      expect(saved.length + refused.length).toBe(2);
      for (const error of refused) expect(error).toBeInstanceOf(PasswordConflictError);
      if (refused.length === 1) {
        // The refused tab keeps its change on top of the newer entry (what "Keep mine" does after merging).
        const newer = (refused[0] as PasswordConflictError).newer;
        entry = await savePassword(one, draft(title, password), newer);
      } else {
        entry = (await openedEntries(one)).find((candidate) => candidate.id === entry.id)!;
      }
      const [stored] = (await openedEntries(two)).filter((candidate) => candidate.id === entry.id);
      expect([stored?.title, stored?.password]).toEqual([title, password]);
    }
  }, 120_000);

  it('a stale tab moving an entry to a group after a password change is a conflict; the password stays', async () => {
    const tab = await ana.tab();
    const one: PersonalVaultDeps = { passwords: ana.deps.passwords, groups: ana.groups, vaultKey: ana.keys.vaultKey, userId: ana.uid, now: () => Date.now() };
    const two: PersonalVaultDeps = { ...one, passwords: tab.passwords, groups: tab.groups };
    const group = await createGroup(one, { name: 'Network', description: '' });
    const opened = await savePassword(one, draft('Switch', 'old'));
    await savePassword(one, draft('Switch', 'changed in tab one'), opened);
    const refused = await savePassword(two, { ...draft('Switch', 'old'), groupId: group.id }, opened).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordConflictError);
    const stored = (await openedEntries(one)).find((entry) => entry.id === opened.id);
    expect([stored?.password, stored?.groupId]).toEqual(['changed in tab one', null]);
    // Taking theirs and moving it: both changes kept.
    await savePassword(two, { ...draft('Switch', (refused as PasswordConflictError).newer.password), groupId: group.id }, (refused as PasswordConflictError).newer);
    const moved = (await openedEntries(one)).find((entry) => entry.id === opened.id);
    expect([moved?.password, moved?.groupId]).toEqual(['changed in tab one', group.id]);
  }, 60_000);

  it('group renames in two tabs: the second is a conflict, neither rename nor description is lost silently', async () => {
    const tab = await ana.tab();
    const one: PersonalVaultDeps = { passwords: ana.deps.passwords, groups: ana.groups, vaultKey: ana.keys.vaultKey, userId: ana.uid, now: () => Date.now() };
    const two: PersonalVaultDeps = { ...one, passwords: tab.passwords, groups: tab.groups };
    const group = await createGroup(one, { name: 'Home', description: 'house things' });
    const { saved, refused } = settle(
      await Promise.allSettled([updateGroup(one, group, { name: 'House', description: 'house things' }), updateGroup(two, group, { name: 'Flat', description: '' })]),
    );
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(GroupConflictError);
    const stored = (await loadGroups(one)).find((candidate) => candidate.id === group.id);
    expect(stored).toMatchObject({ name: saved[0]!.name, description: saved[0]!.description, revision: 2 });
  }, 60_000);
});

describe('team members', () => {
  it('two Full Access members saving one entry at once: one lands, the other sees it as a conflict and keeps theirs on top', async () => {
    const teamId = await teamOf(ana, [bob], 'full');
    const anaVault = await teamVault(ana, teamId);
    const bobVault = await teamVault(bob, teamId);
    const entry = await savePassword(anaVault, draft('Database', 'v1'));
    const { saved, refused } = settle(
      await Promise.allSettled([savePassword(anaVault, draft('Database', 'ana’s'), entry), savePassword(bobVault, draft('Database (prod)', 'v1'), entry)]),
    );
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(PasswordConflictError);
    const conflict = refused[0] as PasswordConflictError;
    expect([conflict.newer.title, conflict.newer.password]).toEqual([saved[0]!.title, saved[0]!.password]);
    const loser = saved[0]!.title === 'Database' ? bobVault : anaVault;
    await savePassword(loser, draft('Database (prod)', 'ana’s'), conflict.newer);
    const [stored] = await openedEntries(bobVault);
    expect([stored?.title, stored?.password, stored?.revision]).toEqual(['Database (prod)', 'ana’s', 3]);
  }, 60_000);

  it('a rotation of 300 entries with edits at both key versions while it re-encrypts keeps every edit and ends at the new version', async () => {
    const teamId = await teamOf(ana, [bob, cid], 'full', { madeBeforeSealing: true });
    const anaVault = await format1TeamVault(ana, teamId);
    const ids: string[] = [];
    for (let start = 0; start < 300; start += 50) {
      const made = await Promise.all(
        Array.from({ length: 50 }, (_, offset) => savePassword(anaVault, draft(`Entry ${String(start + offset).padStart(3, '0')}`, `secret ${start + offset}`))),
      );
      ids.push(...made.map((entry) => entry.id));
    }
    const oldKey = anaVault.team.key;
    const staleBob = await format1TeamVault(bob, teamId);
    const expected = new Map<string, string>(Array.from({ length: 300 }, (_, index) => [`Entry ${String(index).padStart(3, '0')}`, `secret ${index}`]));

    // Bob's edits (30 at the new key, 5 from a tab still at the old key) and 5 writes still at the
    // old version (as a migration holding the old key would make) land after the re-encryption's
    // 20th write, on entries it listed and has not reached.
    let writes = 0;
    let interfered = false;
    const interfere = async () => {
      const bobNow = await format1TeamVault(bob, teamId);
      const listed = (await readThroughEmulatorHiccups(() => loadEntries(bobNow))).filter((entry) => Number(entry.title.slice(6)) >= 200);
      const atNew = listed.slice(0, 30);
      const fromStaleTab = listed.slice(30, 35);
      const atOld = listed.slice(35, 40);
      await Promise.all(
        atNew.map(async (entry: PasswordEntry) => {
          await savePassword(bobNow, draft(entry.title, `bob ${entry.title}`), entry);
          expected.set(entry.title, `bob ${entry.title}`);
        }),
      );
      for (const entry of fromStaleTab) {
        // The stale tab is told the key changed (not 'no permission'); reopened, it saves.
        await expect(savePassword(staleBob, draft(entry.title, `stale ${entry.title}`), entry)).rejects.toBeInstanceOf(TeamKeyChangedError);
        const reopened = await format1TeamVault(bob, teamId);
        const current = await listedIn(reopened, entry.id);
        await savePassword(reopened, draft(entry.title, `stale ${entry.title}`), current);
        expected.set(entry.title, `stale ${entry.title}`);
      }
      for (const entry of atOld) {
        const ref = db().collection('passwords').doc(entry.id);
        const data = (await ref.get()).data()!;
        await ref.update({ password: await encryptText(oldKey, `old ${entry.title}`, entryFieldContext(entry.id, 'password')), revision: (data.revision as number) + 1 });
        expected.set(entry.title, `old ${entry.title}`);
      }
    };
    const passwords = ana.deps.passwords;
    const racing: PasswordRepository = {
      ...passwords,
      update: async (id: string, changes: PasswordEntryChanges, now: number, revision: number, event?: EntryEvent) => {
        writes += 1;
        if (writes === 20) {
          await interfere();
          interfered = true;
        }
        return passwords.update(id, changes, now, revision, event);
      },
    };
    await removeMember({ ...ana.deps, passwords: racing }, teamId, cid.uid);
    expect(interfered).toBe(true);

    const team = await ana.deps.teams.get(teamId);
    expect(team).toMatchObject({ keyVersion: 2, previousKey: null, rotationNeeded: false });
    const stored = await ana.deps.passwords.listTeam(teamId);
    expect(stored).toHaveLength(300);
    expect(stored.filter((entry) => entry.data.keyVersion !== 2)).toEqual([]);
    const key: TeamKey = await openTeamKey(team!, teamId, ana.uid, ana.keys);
    const read = new Map(
      await Promise.all(stored.map(async ({ id, data }) => [data.title, await decryptText(key, data.password!, entryFieldContext(id, 'password'))] as const)),
    );
    expect(read).toEqual(expected);
  }, 300_000);
});
