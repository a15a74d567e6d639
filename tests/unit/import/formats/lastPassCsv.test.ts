import { describe, expect, it } from 'vitest';
import { lastPassCsv } from '../../../../src/features/import/formats/lastPassCsv';
import { readTypedNote } from '../../../../src/features/import/formats/lastPassNote';
import { parseFixture, parseText } from './csvFixtures';

describe('LastPass CSV', () => {
  it('reads logins, secure notes and template notes, with backslash-nested folders', async () => {
    const parsed = await parseFixture(lastPassCsv, 'lastpass.csv');
    expect(parsed.format).toBe('lastpass-csv');
    expect(parsed.items).toStrictEqual([
      {
        at: 'row 2',
        kind: 'login',
        title: 'GitHub',
        url: 'https://github.com/login',
        username: 'octocat',
        password: 'hunter2',
        notes: 'Notes line 1\nline 2, with "comma"',
        folder: ['Work', 'Dev'],
        extras: [
          { label: 'One-time password (TOTP)', value: 'JBSWY3DPEHPK3PXP' },
          { label: 'Favorite', value: 'Yes' },
        ],
      },
      {
        at: 'row 3',
        kind: 'note',
        title: 'Office Wi-Fi',
        url: '',
        username: '',
        password: '',
        notes: 'Office Wi-Fi: "guest" network\npassword on the fridge',
        folder: [],
        extras: [],
      },
      {
        at: 'row 4',
        kind: 'card',
        title: 'Travel card',
        url: '',
        username: '',
        password: '',
        notes: 'Card for travel\nsecond line',
        folder: ['Finance'],
        extras: [
          { label: 'Note type', value: 'Credit Card' },
          { label: 'Name on Card', value: 'Ada Lovelace' },
          { label: 'Type', value: 'Visa' },
          { label: 'Number', value: '4111111111111111' },
          { label: 'Security Code', value: '123' },
          { label: 'Expiration Date', value: 'January,2030' },
        ],
      },
      {
        at: 'row 5',
        kind: 'other',
        title: 'Database server',
        url: '',
        username: 'dba',
        password: 's3cr3t',
        notes: '',
        folder: ['Shared-Ops', 'Servers'],
        extras: [
          { label: 'Note type', value: 'Server' },
          { label: 'Hostname', value: 'db.example.com' },
        ],
      },
      {
        at: 'row 7',
        kind: 'login',
        title: '日本のサイト',
        url: 'https://例え.jp',
        username: 'ユーザー',
        password: 'パスワード',
        notes: '',
        folder: [],
        extras: [],
      },
      {
        at: 'row 8',
        kind: 'login',
        title: '',
        url: 'https://empty.example',
        username: '',
        password: '',
        notes: '',
        folder: [],
        extras: [],
      },
    ]);
    expect(parsed.skipped).toStrictEqual([{ at: 'row 6', title: '', reason: 'It is an empty LastPass folder (Archive), not an item.' }]);
  });

  it('reads an export from before LastPass added the totp column', async () => {
    const parsed = await parseText(lastPassCsv, 'url,username,password,extra,name,grouping,fav\nhttps://a.example,u,p,,A,,0\n');
    expect(parsed.items[0]).toMatchObject({ title: 'A', url: 'https://a.example', username: 'u', password: 'p', extras: [] });
  });

  it('reads a template note whose field runs over several lines and one whose kind is an identity', () => {
    expect(
      readTypedNote('NoteType:SSH Key\nLanguage:en-US\nBit Strength:4096\nPrivate Key:-----BEGIN KEY-----\nMIIabc\n-----END KEY-----\nNotes:'),
    ).toStrictEqual({
      noteType: 'SSH Key',
      kind: 'other',
      username: '',
      password: '',
      notes: '',
      fields: [
        { label: 'Bit Strength', value: '4096' },
        { label: 'Private Key', value: '-----BEGIN KEY-----\nMIIabc\n-----END KEY-----' },
      ],
    });
    expect(readTypedNote('NoteType:Passport\nName:Ada\nNotes:Renew in 2030\nNotes: more')).toMatchObject({
      kind: 'identity',
      notes: 'Renew in 2030\nNotes: more',
      fields: [{ label: 'Name', value: 'Ada' }],
    });
    expect(readTypedNote('Just text\nNoteType:Server')).toBeUndefined();
  });
});
