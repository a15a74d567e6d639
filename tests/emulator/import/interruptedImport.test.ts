// Issue #20 item 4 on the emulators, through the rules and the real Firestore repositories: 1,000
// items imported into a personal vault and into a team (by its owner), the 500th write lost, then
// the file planned again against what is there and run again. Every item ends up there exactly
// once, in its group, and opens: planImport finds what the first run wrote as duplicates.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportItem, ParsedImport } from '../../../src/features/import/model';
import { planImport } from '../../../src/features/import/plan';
import { ImportInterruptedError, runImport } from '../../../src/features/import/run/runImport';
import { vaultImportWriter } from '../../../src/features/vault/importWriter';
import { loadEntries, loadGroups, openDetails, type VaultDeps } from '../../../src/features/vault/vaultService';
import { failingCreates } from '../../support/failingCreates';
import { targetContents } from '../../support/importTarget';
import { person, personalVault, readThroughEmulatorHiccups, teamOf, teamVault, type Person } from '../teams/people';

const ITEMS = 1_000;
const FAIL_AT = 500;
const FOLDERS: readonly (readonly string[])[] = [[], ['Work'], ['Work', 'Servers'], ['Home']];

function item(scope: string, n: number): ImportItem {
  return {
    at: `item ${n + 1}`,
    kind: 'login',
    title: `Imported-${scope}-${n}`,
    url: n % 2 === 0 ? `https://site-${n}.example` : '',
    username: n % 50 === 7 ? '' : `user-${n}@example.com`,
    password: `pw-${scope}-${n}`,
    notes: n % 5 === 0 ? `note ${n}\nsecond line` : '',
    extras: [],
    folder: FOLDERS[n % FOLDERS.length] ?? [],
  };
}

const fileOf = (scope: string): ParsedImport => ({ format: 'bitwarden-json', items: Array.from({ length: ITEMS }, (_, n) => item(scope, n)), skipped: [] });

/** Imports the file, with the `failAt`-th write lost; then plans it again and runs it again. */
async function importAcrossAFailure(deps: VaultDeps, failingDeps: VaultDeps, file: ParsedImport) {
  const first = await planImport(file, await targetContents(deps));
  expect(first.entries).toHaveLength(ITEMS);
  const interrupted = await runImport(first, vaultImportWriter(failingDeps)).then(
    () => null,
    (error: unknown) => error,
  );
  expect(interrupted).toBeInstanceOf(ImportInterruptedError);
  // The 500th is the last of the 20th batch of 25: its other 24 landed.
  expect(interrupted).toMatchObject({ written: FAIL_AT - 1, total: ITEMS });

  const again = await planImport(file, await readThroughEmulatorHiccups(() => targetContents(deps)));
  expect(again.entries).toHaveLength(ITEMS - (FAIL_AT - 1));
  expect(again.groups.every((group) => group.existingId !== null)).toBe(true);
  expect(await runImport(again, vaultImportWriter(deps))).toEqual({ written: ITEMS - (FAIL_AT - 1), total: ITEMS - (FAIL_AT - 1), cancelled: false });
}

/** Reads the target back: every title counted, every entry opened and compared with its item. */
async function expectEveryItemOnce(deps: VaultDeps, scope: string) {
  const [entries, groups] = await readThroughEmulatorHiccups(() => Promise.all([loadEntries(deps), loadGroups(deps)]));
  expect(groups.map((group) => group.name)).toEqual(['Home', 'Work', 'Work / Servers']);
  const groupName = new Map(groups.map((group) => [group.id, group.name]));
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.title, (counts.get(entry.title) ?? 0) + 1);
  expect(entries).toHaveLength(ITEMS);
  expect([...counts.values()].every((count) => count === 1)).toBe(true);
  const byTitle = new Map(entries.map((entry) => [entry.title, entry]));
  for (let n = 0; n < ITEMS; n += 1) {
    const it = item(scope, n);
    const stored = byTitle.get(it.title);
    expect(stored, it.title).toBeDefined();
    if (stored === undefined) continue;
    const opened = await openDetails(deps, stored);
    expect({
      url: opened.url,
      username: opened.username,
      password: opened.password,
      notes: opened.notes,
      group: opened.groupId === null ? null : groupName.get(opened.groupId),
      undecryptable: opened.undecryptable,
    }).toEqual({
      url: it.url || null,
      username: it.username,
      password: it.password,
      notes: it.notes || null,
      group: it.folder.length === 0 ? null : it.folder.join(' / '),
      undecryptable: false,
    });
  }
}

let ana: Person;
let bob: Person;
beforeAll(async () => {
  [ana, bob] = await Promise.all([person('import-ana'), person('import-bob')]);
}, 60_000);

describe('an interrupted import, run again, on the emulators', () => {
  it(`${ITEMS.toLocaleString('en-US')} items into a personal vault: the ${FAIL_AT}th write lost, then run again; every item once`, async () => {
    await importAcrossAFailure(personalVault(ana), personalVault(ana, failingCreates(ana.deps.passwords, FAIL_AT)), fileOf('personal'));
    await expectEveryItemOnce(personalVault(ana), 'personal');
  }, 420_000);

  it(`${ITEMS.toLocaleString('en-US')} items into a team by its owner: the ${FAIL_AT}th write lost, then run again; every item once`, async () => {
    const teamId = await teamOf(ana, [bob], 'full');
    const owner = await teamVault(ana, teamId);
    expect(owner.team.role).toBe('owner');
    await importAcrossAFailure(owner, await teamVault(ana, teamId, failingCreates(ana.deps.passwords, FAIL_AT)), fileOf('team'));
    await expectEveryItemOnce(owner, 'team');
    // And the member reads the same.
    await expectEveryItemOnce(await teamVault(bob, teamId), 'team');
  }, 420_000);
});
