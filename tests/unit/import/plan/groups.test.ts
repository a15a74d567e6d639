import { describe, expect, it } from 'vitest';
import { folderPath, shortenedPath } from '../../../../src/features/import/plan/groups';
import { planImport } from '../../../../src/features/import/plan/planImport';
import { item, parsedOf, target } from './planFixtures';

const login = (folder: string[], title = 'T') => item({ title, username: 'u', password: `p-${title}`, folder });

describe('planImport: folders become groups', () => {
  it('flattens a nested folder to "Parent / Child", trimming segments and dropping empty ones', async () => {
    const plan = await planImport(parsedOf([login([' Work ', '', 'Clients', '  ', 'Zürich '])]), target());
    expect(plan.entries[0]?.groupName).toBe('Work / Clients / Zürich');
    expect(plan.groups).toEqual([{ name: 'Work / Clients / Zürich', existingId: null, folders: ['Work / Clients / Zürich'] }]);
  });

  it('puts an item in no folder (or only blank ones) in no group', async () => {
    const plan = await planImport(parsedOf([login([], 'a'), login([' ', ''], 'b')]), target());
    expect(plan.entries.map((entry) => entry.groupName)).toEqual([null, null]);
    expect(plan.groups).toEqual([]);
    expect(folderPath([' ', ''])).toBeNull();
  });

  it('matches a group the target has, whatever its case and edge spaces, and creates the others', async () => {
    const to = target([], [{ id: 'g-work', name: ' WORK ' }, { id: 'g-home', name: 'Home' }]);
    const plan = await planImport(parsedOf([login(['work'], 'a'), login(['Work', 'Sub'], 'b'), login(['Work'], 'c')]), to);
    expect(plan.entries.map((entry) => entry.groupName)).toEqual([' WORK ', 'Work / Sub', ' WORK ']);
    expect(plan.groups).toEqual([
      { name: ' WORK ', existingId: 'g-work', folders: ['work', 'Work'] },
      { name: 'Work / Sub', existingId: null, folders: ['Work / Sub'] },
    ]);
  });

  it('makes one new group of folders differing only in case, named as the file first spells it', async () => {
    const plan = await planImport(parsedOf([login(['Social'], 'a'), login(['SOCIAL'], 'b')]), target());
    expect(plan.groups).toEqual([{ name: 'Social', existingId: null, folders: ['Social', 'SOCIAL'] }]);
    expect(plan.entries.map((entry) => entry.groupName)).toEqual(['Social', 'Social']);
  });

  it('plans only the groups an entry, a duplicate or a near-duplicate goes into, not a skipped item’s', async () => {
    const original = login(['Kept'], 'same');
    const copy = item({ ...original, at: 'item 998' });
    const moved = item({ ...original, at: 'item 999', folder: ['Copies'] });
    const plan = await planImport(parsedOf([original, copy, moved, item({ folder: ['Skipped'] })]), target());
    expect(plan.duplicates.map((entry) => entry.at)).toEqual(['item 998']);
    expect(plan.nearDuplicates.map((entry) => [entry.at, entry.differs])).toEqual([['item 999', ['group']]]);
    expect(plan.groups.map((group) => group.name)).toEqual(['Kept', 'Copies']);
  });

  it('shortens a path over 100 characters to its innermost folders after "… / ", keeping two such paths apart', async () => {
    const a = ['A'.repeat(60), 'Shared', 'Clients', 'Zürich 2024 and 2025 contracts for the whole region'];
    const b = ['B'.repeat(60), 'Shared', 'Clients', 'Zürich 2024 and 2025 contracts for the whole region'];
    const plan = await planImport(parsedOf([login(a, 'a'), login(b, 'b'), login(a, 'c')]), target());
    const [first, second] = plan.groups;
    expect(first?.name).toBe('… / Shared / Clients / Zürich 2024 and 2025 contracts for the whole region');
    expect(second?.name).toBe('… / Shared / Clients / Zürich 2024 and 2025 contracts for the whole region (2)');
    expect(first?.folders).toEqual([a.join(' / ')]);
    expect(second?.folders).toEqual([b.join(' / ')]);
    expect(plan.entries.map((entry) => entry.groupName)).toEqual([first?.name, second?.name, first?.name]);
    for (const group of plan.groups) expect(group.name.length).toBeLessThanOrEqual(100);
  });

  it('matches a shortened name the target already has, so importing the same file again adds no group', async () => {
    const path = ['Top level folder with a rather long name, as people sometimes write them', 'Second level, also rather long'];
    const first = await planImport(parsedOf([login(path)]), target());
    const name = first.groups[0]?.name ?? '';
    expect(name).toBe('… / Second level, also rather long');
    const again = await planImport(parsedOf([login(path)]), target([], [{ id: 'g1', name }]));
    expect(again.groups).toEqual([{ name, existingId: 'g1', folders: [path.join(' / ')] }]);
  });

  it('cuts a single folder name over 100 characters to 99 and "…"', () => {
    expect(shortenedPath('x'.repeat(150), 100)).toBe(`${'x'.repeat(99)}…`);
    expect(shortenedPath(`${'x'.repeat(98)}😀tail`, 100)).toBe(`${'x'.repeat(98)}…`);
    expect(shortenedPath('Short / Path', 100)).toBe('Short / Path');
    expect(shortenedPath(['a'.repeat(50), 'b'.repeat(50)].join(' / '), 100)).toBe(`… / ${'b'.repeat(50)}`);
  });
});
