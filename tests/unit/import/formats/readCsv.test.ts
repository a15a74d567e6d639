import { describe, expect, it } from 'vitest';
import { chromeCsv } from '../../../../src/features/import/formats/chromeCsv';
import { decodeUtf8, headerOf, readCsv } from '../../../../src/features/import/formats/csv/readCsv';
import { ImportFileError } from '../../../../src/features/import/model';
import { parseText } from './csvFixtures';

describe('readCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, LF or CRLF', () => {
    for (const newline of ['\n', '\r\n']) {
      const table = readCsv(['a,b,c', '"x, y","say ""hi""","one', 'two"', 'plain,,ünïcödé 🔑', ''].join(newline));
      expect(table.header).toStrictEqual(['a', 'b', 'c']);
      expect(table.rows).toStrictEqual([
        { at: 'row 2', cells: ['x, y', 'say "hi"', `one${newline}two`] },
        { at: 'row 3', cells: ['plain', '', 'ünïcödé 🔑'] },
      ]);
    }
  });

  it('reads lines ending in CR CR LF as CRLF', () => {
    const table = readCsv('url,name\r\r\nhttps://a.example,"one\ntwo"\r\r\nhttp://sn,B\r\r\n');
    expect(table.rows).toStrictEqual([
      { at: 'row 2', cells: ['https://a.example', 'one\ntwo'] },
      { at: 'row 3', cells: ['http://sn', 'B'] },
    ]);
  });

  it('ignores blank lines and rows of empty cells but counts them as rows', () => {
    const table = readCsv('a,b\n\n,\n  , \n1,2\n');
    expect(table.rows).toStrictEqual([{ at: 'row 5', cells: ['1', '2'] }]);
  });

  it('keeps formula-looking cells and typed-looking cells as the literal text', () => {
    const table = readCsv('a,b,c,d\n"=HYPERLINK(""http://evil.example"",""x"")",007,true,+1\n');
    expect(table.rows[0]?.cells).toStrictEqual(['=HYPERLINK("http://evil.example","x")', '007', 'true', '+1']);
  });

  it('keeps cells untrimmed', () => {
    expect(readCsv('a,b\n  x  ,\ty\n').rows[0]?.cells).toStrictEqual(['  x  ', '\ty']);
  });

  it('names the row with an unclosed quote', () => {
    expect(() => readCsv('a,b\n1,2\n\n3,4\n5,"six\n7,8\n')).toThrow(
      new ImportFileError('The file is not valid CSV: row 5 has an unclosed quote.'),
    );
  });

  it('names the row with a stray quote after a quoted cell', () => {
    expect(() => readCsv('a,b\n1,"two"x\n')).toThrow(ImportFileError);
    expect(() => readCsv('a,b\n1,"two"x\n')).toThrow(/row 2 has/);
  });

  it('names a row with too many or too few cells', () => {
    expect(() => readCsv('a,b,c\n1,2,3\n1,2\n')).toThrow(
      new ImportFileError('The file is not valid CSV: row 3 has 2 cells where the header row has 3.'),
    );
    expect(() => readCsv('a,b\n"1","2",3\n')).toThrow(
      new ImportFileError('The file is not valid CSV: row 2 has 3 cells where the header row has 2.'),
    );
  });

  it('refuses an empty file', () => {
    expect(() => readCsv('')).toThrow(new ImportFileError('The file is empty: it has no header row.'));
    expect(() => readCsv('\n\n')).toThrow(ImportFileError);
  });

  it('drops a UTF-8 byte order mark, as bytes or as text', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('name,url\nx,y\n')]);
    expect(readCsv(decodeUtf8(bytes)).header).toStrictEqual(['name', 'url']);
    expect(readCsv('\uFEFFname,url\nx,y\n').header).toStrictEqual(['name', 'url']);
    expect(headerOf('\uFEFF"Name" , URL\r\nx,y')).toStrictEqual(['name', 'url']);
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(() => decodeUtf8(new Uint8Array([0x61, 0xff, 0x62]))).toThrow(
      new ImportFileError('The file is not UTF-8 text. Save it as UTF-8 CSV and try again.'),
    );
  });
});

describe('a CSV format given a malformed file', () => {
  it('rejects with the ImportFileError and nothing else', async () => {
    await expect(parseText(chromeCsv, 'name,url,username,password\nx,"y,u,p\n')).rejects.toThrow(
      new ImportFileError('The file is not valid CSV: row 2 has an unclosed quote.'),
    );
    await expect(chromeCsv.parse({ name: 'x.csv', bytes: new Uint8Array([0xc3, 0x28]) }, {})).rejects.toBeInstanceOf(
      ImportFileError,
    );
  });

  it('names the columns a file of another layout lacks', async () => {
    await expect(parseText(chromeCsv, 'title,website,login\nx,y,z\n')).rejects.toThrow(
      new ImportFileError(
        'This file is not a Chrome, Edge or Brave (CSV) export: its header row has no columns name, url, username, password.',
      ),
    );
    await expect(parseText(chromeCsv, 'name,url,username\nx,y,z\n')).rejects.toThrow(/has no column password\.$/);
  });

  it('reads a file with a header and no rows as no items', async () => {
    expect(await parseText(chromeCsv, 'name,url,username,password,note\r\n')).toStrictEqual({
      format: 'chrome-csv',
      items: [],
      skipped: [],
    });
  });
});
