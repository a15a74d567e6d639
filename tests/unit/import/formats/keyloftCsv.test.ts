// Keyloft's own CSV export read back (issue #44, item 4): detection, every value, the formula
// escapes undone exactly, and the round trip export → import with nothing changed.
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../../src/features/import/detect';
import { exportCsv } from '../../../../src/features/import/export/csvExport';
import type { ExportedVault } from '../../../../src/features/import/export/exportedVault';
import { IMPORT_FORMATS } from '../../../../src/features/import/formats';
import { keyloftCsv } from '../../../../src/features/import/formats/keyloftCsv';
import type { ParsedImport } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan';
import { fixtureVault } from '../export/fixtureVault';
import { parseText, textFile } from './csvFixtures';

function asItems(vault: ExportedVault): Pick<ParsedImport['items'][number], 'title' | 'url' | 'username' | 'password' | 'notes' | 'folder'>[] {
  return vault.entries.map((entry) => ({
    title: entry.title,
    url: entry.url ?? '',
    username: entry.username,
    password: entry.password,
    notes: entry.notes ?? '',
    folder: entry.group === null ? [] : [entry.group],
  }));
}

const fieldsOf = (parsed: ParsedImport) => parsed.items.map(({ title, url, username, password, notes, folder }) => ({ title, url, username, password, notes, folder }));

describe('Keyloft (CSV)', () => {
  it('reads every value of a row, dropping the quote before an escaped formula and no other', async () => {
    const text = [
      'folder,title,url,username,password,notes',
      `Work / Clients,Mail,https://mail.example,ana,"'=1+1","two\nlines"`,
      `,'quoted title,,"'' two quotes",'plain,"''@SUM(A1)"`,
      '',
    ].join('\r\n');
    expect(await parseText(keyloftCsv, text, 'keyloft-export.csv')).toStrictEqual({
      format: 'keyloft-csv',
      skipped: [],
      items: [
        { at: 'row 2', kind: 'login', title: 'Mail', url: 'https://mail.example', username: 'ana', password: '=1+1', notes: 'two\nlines', extras: [], folder: ['Work / Clients'] },
        // Not escapes: a quote before text that is no formula is the value's own.
        { at: 'row 3', kind: 'login', title: "'quoted title", url: '', username: "'' two quotes", password: "'plain", notes: "'@SUM(A1)", extras: [], folder: [] },
      ],
    });
  });

  it('is detected from its header, and only a header of exactly its columns', () => {
    const { text } = exportCsv(fixtureVault);
    expect(detectFormat(textFile('keyloft-export.csv', text), IMPORT_FORMATS)?.id).toBe('keyloft-csv');
    const csvIds = (header: string) => IMPORT_FORMATS.filter((format) => format.recognises({ name: 'x.csv', head: `${header}\r\n`, bytes: new Uint8Array() })).map((format) => format.id);
    expect(csvIds('folder,title,url,username,password,notes')).toEqual(['keyloft-csv']);
    expect(csvIds('folder,title,url,username,password,notes,otp')).toEqual([]);
    expect(csvIds('title,url,username,password,notes')).not.toContain('keyloft-csv');
  });

  it('round-trips every value the CSV carries, formulas, tabs, quotes, line breaks and unicode included', async () => {
    const parsed = await keyloftCsv.parse(textFile('keyloft-export.csv', exportCsv(fixtureVault).text), {});
    expect(parsed.skipped).toEqual([]);
    expect(fieldsOf(parsed)).toEqual(asItems(fixtureVault));
  });

  it('round-trips values that begin with quotes before a formula, or with quotes alone', async () => {
    const values = ["'=1+1", "''+1", "'", "''", "'plain", "'\u00a0=x", '=x', "'＝x", ' =y'];
    const vault: ExportedVault = {
      groups: [],
      entries: values.map((value, index) => ({ title: `T${String(index)}`, url: null, username: value, password: value, notes: value, group: value })),
    };
    const parsed = await keyloftCsv.parse(textFile('k.csv', exportCsv(vault).text), {});
    expect(fieldsOf(parsed)).toEqual(asItems(vault));
  });

  it('plans, from its own export, entries equal to the vault’s in every field the CSV carries', async () => {
    const vault: ExportedVault = {
      groups: [{ name: 'Work', description: null }],
      entries: [
        { title: '=SUM(A1)', url: 'https://a.example/x', username: '-ana', password: ' +pw ', notes: '@note\nline 2', group: 'Work' },
        { title: 'Plain', url: null, username: 'bob', password: 'pw', notes: null, group: null },
      ],
    };
    const parsed = await keyloftCsv.parse(textFile('k.csv', exportCsv(vault).text), {});
    const plan = await planImport(parsed, { entries: [], groups: [{ id: 'g1', name: 'Work' }] });
    expect(plan.entries.map(({ title, url, username, password, notes, groupName }) => ({ title, url, username, password, notes, group: groupName }))).toEqual(
      vault.entries.map(({ title, url, username, password, notes, group }) => ({ title, url, username, password, notes, group })),
    );
    expect(plan.groups).toEqual([{ name: 'Work', existingId: 'g1', folders: ['Work'] }]);
  });
});
