// Issue #44, item 7: Bitwarden's, 1Password's and KeePass's earlier passwords come in as the
// entry's password history, and what an entry cannot hold yet (passkeys, attached files, the
// favourite mark, the re-prompt, an expiry date, an earlier password without a date) is listed.
// Fixtures written from each format's documented layout.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bitwardenJsonFormat } from '../../../../src/features/import/formats/bitwardenJson';
import { keepassXmlFormat } from '../../../../src/features/import/formats/keepassXml';
import { onePassword1puxFormat } from '../../../../src/features/import/formats/onePassword1pux';
import { fileOf, fixtureBytes, fixtureText } from '../importFixtures';

const at = (iso: string) => Date.parse(iso);

describe('Bitwarden JSON: password history and what an entry cannot hold', () => {
  const file = JSON.stringify({
    encrypted: false,
    folders: [],
    items: [
      {
        passwordHistory: [
          { lastUsedDate: '2024-02-01T08:00:00.000Z', password: 'second' },
          { lastUsedDate: '2023-05-01T08:00:00.000Z', password: 'first' },
          { lastUsedDate: 'not a date', password: 'undated' },
          { lastUsedDate: '2022-01-01T00:00:00.000Z', password: '' },
        ],
        type: 1,
        name: 'GitHub',
        favorite: true,
        reprompt: 1,
        login: {
          fido2Credentials: [{ credentialId: 'abc', keyType: 'public-key', rpId: 'github.com', userName: 'ada' }, { credentialId: 'def' }],
          uris: [{ match: null, uri: 'https://github.com' }],
          username: 'ada',
          password: 'current',
          totp: null,
        },
      },
      { passwordHistory: null, type: 1, name: 'Plain', favorite: false, reprompt: 0, login: { username: 'u', password: 'p' } },
    ],
  });

  it('reads every earlier password with the time it was replaced and the favourite mark, and lists passkeys, re-prompt and an undated one', async () => {
    const parsed = await bitwardenJsonFormat.parse(fileOf('b.json', file), {});
    expect(parsed.items).toStrictEqual([
      {
        at: 'item 1',
        kind: 'login',
        title: 'GitHub',
        url: 'https://github.com',
        username: 'ada',
        password: 'current',
        notes: '',
        extras: [],
        folder: [],
        passwordHistory: [
          { password: 'second', replacedAt: at('2024-02-01T08:00:00.000Z') },
          { password: 'first', replacedAt: at('2023-05-01T08:00:00.000Z') },
        ],
        notCarried: [{ kind: 'undated-history' }, { kind: 'passkey', name: 'github.com' }, { kind: 'passkey' }, { kind: 'reprompt' }],
        favourite: true,
      },
      { at: 'item 2', kind: 'login', title: 'Plain', url: '', username: 'u', password: 'p', notes: '', extras: [], folder: [] },
    ]);
  });

  it('reads the fixture’s history and its favourite mark, which an item keeps (issue #44)', async () => {
    const parsed = await bitwardenJsonFormat.parse(fileOf('b.json', fixtureBytes('bitwarden-personal.json')), {});
    expect(parsed.items[0]?.passwordHistory).toStrictEqual([{ password: 'old-password-1', replacedAt: at('2024-01-10T09:00:00.000Z') }]);
    expect(parsed.items[0]?.favourite).toBe(true);
    expect(parsed.items[0]).not.toHaveProperty('notCarried');
  });
});

describe('1Password 1PUX: password history and what an entry cannot hold', () => {
  const data = {
    accounts: [
      {
        attrs: { name: 'Ada' },
        vaults: [
          {
            attrs: { name: 'Private' },
            items: [
              {
                uuid: 'aaaa',
                favIndex: 2,
                categoryUuid: '001',
                state: 'active',
                overview: { title: 'Bank', url: 'https://bank.example' },
                details: {
                  loginFields: [
                    { designation: 'username', value: 'ada', name: 'u' },
                    { designation: 'password', value: 'now', name: 'p' },
                  ],
                  sections: [{ title: 'Files', fields: [{ id: 'f1', title: 'Statement', value: { file: { fileName: 'statement.pdf', documentId: 'd1' } } }] }],
                  passwordHistory: [
                    { value: 'before', time: 1_700_000_000 },
                    { value: 'undated', time: 'yesterday' },
                  ],
                },
              },
            ],
          },
        ],
      },
    ],
  };
  const pux = zipSync({ 'export.attributes': strToU8('{"version":3}'), 'export.data': strToU8(JSON.stringify(data)) });

  it('reads each earlier password at its time (Unix seconds) and the favourite mark, and lists the attached file and an undated one', async () => {
    const parsed = await onePassword1puxFormat.parse(fileOf('a.1pux', pux), {});
    expect(parsed.items).toStrictEqual([
      {
        at: 'item 1',
        kind: 'login',
        title: 'Bank',
        url: 'https://bank.example',
        username: 'ada',
        password: 'now',
        notes: '',
        extras: [{ label: 'Attached file', value: 'statement.pdf' }],
        folder: ['Private'],
        passwordHistory: [{ password: 'before', replacedAt: 1_700_000_000_000 }],
        notCarried: [{ kind: 'attachment', name: 'statement.pdf' }, { kind: 'undated-history' }],
        favourite: true,
      },
    ]);
  });

  it('reads the fixture’s history and its favourite', async () => {
    const fixture = zipSync({ 'export.attributes': strToU8('{"version":3}'), 'export.data': strToU8(fixtureText('1password-export.data.json')) });
    const parsed = await onePassword1puxFormat.parse(fileOf('f.1pux', fixture), {});
    expect(parsed.items[0]?.passwordHistory).toStrictEqual([{ password: 'older-password', replacedAt: 1_600_000_000_000 }]);
    expect(parsed.items[0]?.favourite).toBe(true);
    expect(parsed.items[0]).not.toHaveProperty('notCarried');
    expect(parsed.items.slice(1).every((item) => item.passwordHistory === undefined)).toBe(true);
  });
});

describe('KeePass XML: earlier passwords from the entry’s history', () => {
  const version = (password: string, modified: string, title = 'Mail') => `
          <Entry><Times><LastModificationTime>${modified}</LastModificationTime></Times>
            <String><Key>Title</Key><Value>${title}</Value></String>
            <String><Key>Password</Key><Value ProtectInMemory="True">${password}</Value></String>
          </Entry>`;
  const xml = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<KeePassFile><Meta><RecycleBinUUID>AAAAAAAAAAAAAAAAAAAAAA==</RecycleBinUUID></Meta><Root><Group><Name>Database</Name>
  <Entry>
    <Times><LastModificationTime>2024-06-01T10:00:00Z</LastModificationTime><Expires>True</Expires><ExpiryTime>2025-01-01T00:00:00Z</ExpiryTime></Times>
    <String><Key>Title</Key><Value>Mail</Value></String>
    <String><Key>UserName</Key><Value>ada</Value></String>
    <String><Key>Password</Key><Value ProtectInMemory="True">fourth</Value></String>
    <Binary><Key>scan.png</Key><Value Ref="0" /></Binary>
    <History>${version('first', '2023-01-01T10:00:00Z')}${version('first', '2023-02-01T10:00:00Z', 'Mail (renamed)')}${version('second', '2023-03-01T10:00:00Z')}${version('third', 'IJ5z3Q4AAAA=')}
    </History>
  </Entry>
  <Entry>
    <String><Key>Title</Key><Value>Undated</Value></String>
    <String><Key>Password</Key><Value>now</Value></String>
    <History>${version('then', '')}</History>
  </Entry>
</Group></Root></KeePassFile>`;

  it('keeps each replaced password with the time the next version was saved (ISO or KDBX 4’s base64), skipping versions that kept the password', async () => {
    const parsed = await keepassXmlFormat.parse(fileOf('k.xml', xml), {});
    expect(parsed.items).toStrictEqual([
      {
        at: 'item 1',
        kind: 'login',
        title: 'Mail',
        url: '',
        username: 'ada',
        password: 'fourth',
        notes: '',
        extras: [{ label: 'Attached file', value: 'scan.png' }],
        folder: [],
        // 'first' was replaced when 'second' was saved (the renamed version kept it), 'second'
        // when 'third' was (2024-03-01, written as base64 seconds), 'third' when the entry was.
        passwordHistory: [
          { password: 'first', replacedAt: at('2023-03-01T10:00:00Z') },
          { password: 'second', replacedAt: at('2024-03-01T10:00:00Z') },
          { password: 'third', replacedAt: at('2024-06-01T10:00:00Z') },
        ],
        notCarried: [{ kind: 'attachment', name: 'scan.png' }, { kind: 'expiry' }],
      },
      // The entry as it is now has no time: its earlier password's replacement is undated.
      { at: 'item 2', kind: 'login', title: 'Undated', url: '', username: '', password: 'now', notes: '', extras: [], folder: [], notCarried: [{ kind: 'undated-history' }] },
    ]);
  });

  it('never makes a history version an item of its own', async () => {
    const parsed = await keepassXmlFormat.parse(fileOf('k.xml', xml), {});
    expect(parsed.items.map((item) => item.title)).toEqual(['Mail', 'Undated']);
  });
});
