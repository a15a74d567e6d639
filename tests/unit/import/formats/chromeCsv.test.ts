import { describe, expect, it } from 'vitest';
import { chromeCsv } from '../../../../src/features/import/formats/chromeCsv';
import { parseFixture, parseText } from './csvFixtures';

describe('Chrome, Edge or Brave CSV', () => {
  it('reads a CRLF export with a quoted multi-line note, empty cells and unicode', async () => {
    const parsed = await parseFixture(chromeCsv, 'chrome.csv');
    expect(parsed.format).toBe('chrome-csv');
    expect(parsed.skipped).toStrictEqual([]);
    expect(parsed.items).toStrictEqual([
      {
        at: 'row 2',
        kind: 'login',
        title: 'accounts.google.com',
        url: 'https://accounts.google.com/signin',
        username: 'ada@gmail.com',
        password: 'pa,ss"word',
        notes: 'First line, with a comma\r\nSecond line with "quotes"',
        folder: [],
        extras: [],
      },
      { at: 'row 3', kind: 'login', title: 'example.com', url: 'https://example.com/', username: '', password: 'hunter2', notes: '', folder: [], extras: [] },
      {
        at: 'row 4',
        kind: 'login',
        title: 'com.spotify.music',
        url: 'android://AbCdEf@com.spotify.music/',
        username: 'ada',
        password: 'sp0tify',
        notes: '',
        folder: [],
        extras: [],
      },
      {
        at: 'row 5',
        kind: 'login',
        title: 'münchen.example',
        url: 'https://münchen.example/',
        username: 'jürgen',
        password: 'straße',
        notes: 'Grüße 👋',
        folder: [],
        extras: [],
      },
    ]);
  });

  it('reads an export from before Chrome added the note column, and Edge’s notes spelling', async () => {
    expect((await parseText(chromeCsv, 'name,url,username,password\na.example,https://a.example,u,p\n')).items[0]).toMatchObject({
      title: 'a.example',
      notes: '',
    });
    expect((await parseText(chromeCsv, 'name,url,username,password,notes\na,b,c,d,e\n')).items[0]?.notes).toBe('e');
  });

  it('keeps a cell under a column Chrome does not write as an extra labelled with its header', async () => {
    const parsed = await parseText(chromeCsv, 'name,url,username,password,note, Passkey ,\na,b,c,d,e,yes,trailing\n');
    expect(parsed.items[0]?.extras).toStrictEqual([
      { label: 'Passkey', value: 'yes' },
      { label: 'Column 7', value: 'trailing' },
    ]);
  });
});
