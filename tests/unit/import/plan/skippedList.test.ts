import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { planImport } from '../../../../src/features/import/plan/planImport';
import { skippedListCsv } from '../../../../src/features/import/plan/skippedList';
import { EMPTY_ITEM_REASON } from '../../../../src/features/import/plan/toEntry';
import { item, parsedOf, target } from './planFixtures';

function rows(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  const result = Papa.parse<string[]>(text.slice(0, -2), { header: false, skipEmptyLines: false });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('skippedListCsv', () => {
  it('lists the parser’s skipped items, the plan’s and the duplicates, in file order, as where,title,reason', async () => {
    const items = [
      item({ at: 'item 1', title: 'Mail, "work"', url: 'https://mail.example', username: 'u', password: 'p' }),
      item({ at: 'item 2', title: 'Mail, "work"', url: 'https://mail.example', username: 'u', password: 'p' }),
      item({ at: 'item 4', title: ' ' }),
      item({ at: 'item 5', title: 'Bank', url: 'https://bank.example', username: 'ana', password: 'pw' }),
    ];
    const to = target([{ title: 'Bank', url: 'https://bank.example', username: 'ana', password: 'pw' }]);
    const plan = await planImport(parsedOf(items, [{ at: 'item 3', title: 'Über\nzwei Zeilen', reason: "It is in Bitwarden's trash." }]), to);
    expect(rows(skippedListCsv(plan))).toEqual([
      ['where', 'title', 'reason'],
      ['item 2', 'Mail, "work"', 'A duplicate of item 1 of this file: the same in every field.'],
      ['item 3', 'Über\nzwei Zeilen', "It is in Bitwarden's trash."],
      ['item 4', ' ', EMPTY_ITEM_REASON],
      ['item 5', 'Bank', 'A duplicate of “Bank”, already there: the same in every field.'],
    ]);
  });

  // Issue #44: a near-duplicate is imported by default; one the user skips is listed with why.
  it('lists a near-duplicate the user skipped with what differs, and leaves out one not skipped', async () => {
    const items = [
      item({ at: 'item 1', title: 'Bank', url: 'https://bank.example/login', username: 'ana', password: 'new', notes: 'n' }),
      item({ at: 'item 2', title: 'Mail', url: 'https://mail.example', username: 'u', password: 'p', notes: 'other' }),
    ];
    const to = target([
      { title: 'Bank', url: 'https://bank.example', username: 'ana', password: 'pw' },
      { title: 'Mail', url: 'https://mail.example', username: 'u', password: 'p', notes: 'mine' },
    ]);
    const plan = await planImport(parsedOf(items), to);
    expect(plan.nearDuplicates.map((entry) => entry.differs)).toEqual([['url', 'password', 'notes'], ['notes']]);
    const bank = plan.nearDuplicates.filter((entry) => entry.at === 'item 1');
    expect(rows(skippedListCsv({ skipped: [], duplicates: bank }))).toEqual([
      ['where', 'title', 'reason'],
      ['item 1', 'Bank', 'Skipped as you chose: it has the title, site and username of “Bank”, already there, but its URL, password and notes differ.'],
    ]);
    expect(rows(skippedListCsv({ skipped: [], duplicates: plan.nearDuplicates.slice(1) }))[1]?.[2]).toBe(
      'Skipped as you chose: it has the title, site and username of “Mail”, already there, but its notes differ.',
    );
  });

  it('writes a formula-looking title after a quote, so a spreadsheet shows it as text', async () => {
    const plan = await planImport(parsedOf([], [{ at: 'row 2', title: '=HYPERLINK("https://evil.example","x")\nmore', reason: 'Something.' }, { at: 'row 3', title: '+1', reason: '-x' }]), target());
    const text = skippedListCsv(plan);
    expect(rows(text).slice(1)).toEqual([
      ['row 2', '\'=HYPERLINK("https://evil.example","x")\nmore', 'Something.'],
      ['row 3', "'+1", "'-x"],
    ]);
  });

  it('is the header alone when nothing is left out', async () => {
    const plan = await planImport(parsedOf([item({ title: 'T', password: 'p' })]), target());
    expect(skippedListCsv(plan)).toBe('where,title,reason\r\n');
  });
});
