import { describe, expect, it } from 'vitest';
import { bitwardenCsv, customFields } from '../../../../src/features/import/formats/bitwardenCsv';
import { parseFixture, parseText } from './csvFixtures';

const HEADER = 'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp';

describe('Bitwarden CSV', () => {
  it('reads a personal export: nested folders, extra addresses, custom fields, TOTP, notes', async () => {
    const parsed = await parseFixture(bitwardenCsv, 'bitwarden.csv');
    expect(parsed.format).toBe('bitwarden-csv');
    expect(parsed.skipped).toStrictEqual([]);
    expect(parsed.items).toStrictEqual([
      {
        at: 'row 2',
        kind: 'login',
        title: 'YouTube, Google',
        url: 'https://www.youtube.com',
        username: 'ada@example.com',
        password: 'p@ss"word,',
        notes: 'Line one\nLine two with "quotes"',
        folder: ['Social', 'Video'],
        extras: [
          { label: 'URL 2', value: 'https://accounts.google.com/signin?a=1,2' },
          { label: 'URL 3', value: 'androidapp://com.google.android.youtube' },
          { label: 'One-time password (TOTP)', value: 'JBSWY3DPEHPK3PXP' },
          { label: 'Recovery code', value: '1234-5678' },
          { label: 'PIN', value: '0000' },
          { label: 'Favorite', value: 'Yes' },
        ],
      },
      {
        at: 'row 3',
        kind: 'note',
        title: 'Ключи от дома 🔑',
        url: '',
        username: '',
        password: '',
        notes: 'Код домофона: 1234',
        folder: [],
        extras: [],
      },
      {
        at: 'row 4',
        kind: 'login',
        title: 'Jira',
        url: 'https://jira.example.com',
        username: '',
        password: '',
        notes: '',
        folder: ['Work'],
        extras: [{ label: 'Master password re-prompt', value: 'Yes' }],
      },
      {
        at: 'row 6',
        kind: 'login',
        title: '=HYPERLINK("http://evil.example")',
        url: 'https://x.example',
        username: '  spaced  ',
        password: '',
        notes: '',
        folder: [],
        extras: [],
      },
    ]);
  });

  it('reads an organisation export: a collection is the folder, several are listed', async () => {
    const parsed = await parseFixture(bitwardenCsv, 'bitwarden-org.csv');
    expect(parsed.items.map(({ at, kind, title, folder, extras }) => ({ at, kind, title, folder, extras }))).toStrictEqual([
      {
        at: 'row 2',
        kind: 'login',
        title: 'Prod DB',
        folder: ['Engineering', 'Servers'],
        extras: [{ label: 'Collections', value: 'Engineering/Servers,Ops' }],
      },
      { at: 'row 3', kind: 'note', title: 'Brand guidelines', folder: ['Marketing'], extras: [] },
      { at: 'row 4', kind: 'login', title: 'Shared Wi-Fi', folder: [], extras: [] },
    ]);
    expect(parsed.items[0]).toMatchObject({ url: 'postgres://db.example.com:5432', username: 'dba', password: 's3cr3t' });
  });

  it('keeps a type Bitwarden does not write to CSV as another kind, and a column it does not know as an extra', async () => {
    const parsed = await parseText(bitwardenCsv, `${HEADER},passkey\nBank,,card,Visa,,,0,,,,,\n,,sshkey,Key,,,0,,,,,fido2\n`);
    expect(parsed.items.map((item) => [item.kind, item.folder, item.extras])).toStrictEqual([
      ['card', ['Bank'], []],
      ['other', [], [{ label: 'passkey', value: 'fido2' }]],
    ]);
  });

  it('splits addresses on line breaks and on commas that start another address', async () => {
    const parsed = await parseText(bitwardenCsv, `${HEADER}\n,,login,A,,,0,"example.com,https://b.example/?q=1,2,3\nc.example",,,\n`);
    expect(parsed.items[0]?.url).toBe('example.com');
    expect(parsed.items[0]?.extras).toStrictEqual([
      { label: 'URL 2', value: 'https://b.example/?q=1,2,3' },
      { label: 'URL 3', value: 'c.example' },
    ]);
  });

  it('reads custom fields as name: value lines, keeping a line without a name', () => {
    expect(customFields('Question: Your first pet?\nAnswer: Rex: the dog\nno separator\nEmpty: \n: unnamed')).toStrictEqual([
      { label: 'Question', value: 'Your first pet?' },
      { label: 'Answer', value: 'Rex: the dog' },
      { label: 'Custom field', value: 'no separator' },
      { label: 'Custom field', value: 'unnamed' },
    ]);
  });

  it('matches headers without regard to case', async () => {
    const parsed = await parseText(bitwardenCsv, `${HEADER.toUpperCase()}\n,,login,A,,,0,https://a.example,u,p,\n`);
    expect(parsed.items[0]).toMatchObject({ title: 'A', url: 'https://a.example', username: 'u', password: 'p' });
  });
});
