// Issue #20's round trip: a vault exported by Keyloft (encrypted, the default) and imported by
// Keyloft gives back the same titles, urls, usernames, passwords, notes and groups.
import { describe, expect, it } from 'vitest';
import { PBKDF2_MIN_ITERATIONS } from '../../../../src/crypto';
import type { ExportedVault } from '../../../../src/features/import/export/exportedVault';
import { exportKeyloftEncrypted, exportKeyloftJson } from '../../../../src/features/import/export/keyloftExport';
import { keyloftFormat } from '../../../../src/features/import/formats/keyloft';
import { NeedsFilePasswordError } from '../../../../src/features/import/model';
import type { ImportItem } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan';
import { runImport } from '../../../../src/features/import/run/runImport';
import type { ImportWriter } from '../../../../src/features/import/run/types';
import { fixtureVault } from './fixtureVault';

const PASSWORD = 'Ⅻ correct horse — battery staple ✓';

/** What an entry must come back as: a null url, notes or group is empty text and no folder. */
function expectedItems(vault: ExportedVault): Pick<ImportItem, 'title' | 'url' | 'username' | 'password' | 'notes' | 'folder'>[] {
  return vault.entries.map((entry) => ({
    title: entry.title,
    url: entry.url ?? '',
    username: entry.username,
    password: entry.password,
    notes: entry.notes ?? '',
    folder: entry.group === null ? [] : [entry.group],
  }));
}

function fields(items: readonly ImportItem[]) {
  return items.map(({ title, url, username, password, notes, folder }) => ({ title, url, username, password, notes, folder }));
}

const fileOf = (text: string) => ({ name: 'keyloft-export.json', bytes: new TextEncoder().encode(text) });

describe('Keyloft export → Keyloft import', () => {
  it('gives back every entry of an encrypted export, with the file password', async () => {
    const text = await exportKeyloftEncrypted(fixtureVault, { password: PASSWORD, iterations: PBKDF2_MIN_ITERATIONS });
    await expect(keyloftFormat.parse(fileOf(text), {})).rejects.toEqual(new NeedsFilePasswordError(false));
    const parsed = await keyloftFormat.parse(fileOf(text), { filePassword: PASSWORD.normalize('NFD') });
    expect(parsed.skipped).toEqual([]);
    expect(fields(parsed.items)).toEqual(expectedItems(fixtureVault));
    expect(parsed.items.every((item) => item.kind === 'login' && item.extras.length === 0)).toBe(true);
    // Every group comes back, the empty one too, with its description.
    expect(parsed.folders).toEqual(fixtureVault.groups.map((group) => ({ path: [group.name], description: group.description ?? '' })));
  });

  it('plans every group of the export, an empty one included, and the run makes those the target lacks, with their descriptions', async () => {
    const parsed = await keyloftFormat.parse(fileOf(exportKeyloftJson(fixtureVault)), {});
    const plan = await planImport(parsed, { entries: [], groups: [{ id: 'g-1', name: 'FAMÍLIA 🏠' }] });
    expect(plan.groups).toEqual([
      { name: 'Work, "Main"', existingId: null, folders: ['Work, "Main"'], listed: { description: 'Everything for the office' } },
      { name: 'FAMÍLIA 🏠', existingId: 'g-1', folders: ['Família 🏠'], listed: { description: '' } },
      { name: 'Empty group', existingId: null, folders: ['Empty group'], listed: { description: 'No entry is in it' } },
    ]);
    const made: [string, string][] = [];
    const writer: ImportWriter = {
      createGroup: (name, description) => {
        made.push([name, description]);
        return Promise.resolve(`id-${made.length}`);
      },
      createEntry: () => Promise.resolve(),
    };
    await runImport(plan, writer);
    expect(made).toEqual([
      ['Work, "Main"', 'Everything for the office'],
      ['Empty group', 'No entry is in it'],
    ]);
  });

  it('gives back every entry of a plain export', async () => {
    const parsed = await keyloftFormat.parse(fileOf(exportKeyloftJson(fixtureVault)), {});
    expect(parsed.skipped).toEqual([]);
    expect(fields(parsed.items)).toEqual(expectedItems(fixtureVault));
  });

  it('round-trips 1,000 entries across 20 groups', async () => {
    const groups = Array.from({ length: 20 }, (_, index) => ({ name: `Group ${index} ✦`, description: null }));
    const vault: ExportedVault = {
      groups,
      entries: Array.from({ length: 1_000 }, (_, index) => ({
        title: `Site ${index}, "quoted"`,
        url: index % 3 === 0 ? null : `https://site-${index}.example/path?q=${index}`,
        username: `user${index}@example.com`,
        password: `p@ss\n${index}🔑`,
        notes: index % 2 === 0 ? null : `Note ${index}\nline 2`,
        group: index % 21 === 20 ? null : (groups[index % 21]?.name ?? null),
      })),
    };
    const text = await exportKeyloftEncrypted(vault, { password: PASSWORD, iterations: PBKDF2_MIN_ITERATIONS });
    const parsed = await keyloftFormat.parse(fileOf(text), { filePassword: PASSWORD });
    expect(fields(parsed.items)).toEqual(expectedItems(vault));
  });
});
