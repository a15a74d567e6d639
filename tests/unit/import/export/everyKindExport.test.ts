// Issue #44, Build 5: what each writer puts in its file for an item of every kind, value by value,
// and what Keyloft's reader refuses of an item's members. The round trips through the vault
// service are itemRoundTrip.test.ts.
import { describe, expect, it } from 'vitest';
import { bitwardenExport, exportCsv, exportKeyloftJson, type ExportedVault } from '../../../../src/features/import/export';
import { keyloftFormat } from '../../../../src/features/import/formats/keyloft';

const none = { favourite: false, urls: [], customFields: [], expiry: null } as const;

const VAULT: ExportedVault = {
  groups: [{ name: 'Home', description: null }],
  entries: [
    {
      title: 'Mail',
      url: 'https://mail.example.com',
      username: 'ana',
      password: 'pw',
      notes: null,
      group: 'Home',
      otp: null,
      passwordHistory: [],
      item: {
        kind: 'login',
        favourite: true,
        urls: [
          { url: 'https://mail.example.com', match: 'origin' },
          { url: 'https://example.com', match: 'site' },
          { url: 'https://example.com/app', match: 'prefix' },
          { url: 'https://old.example.com', match: 'never' },
        ],
        customFields: [
          { name: 'PIN', type: 'hidden', value: '0000' },
          { name: 'ID', type: 'text', value: 'E-1' },
          { name: 'SSO', type: 'boolean', value: false },
        ],
        fields: {},
        expiry: null,
      },
    },
    { title: 'Plain', url: 'https://plain.example', username: 'me', password: 'p', notes: 'n', group: null, otp: null, passwordHistory: [] },
    { title: 'Wi-Fi', url: null, username: '', password: '', notes: 'SSID', group: null, otp: null, passwordHistory: [], item: { kind: 'note', ...none, favourite: true, fields: {} } },
    {
      title: 'Visa',
      url: null,
      username: '',
      password: '',
      notes: null,
      group: null,
      otp: null,
      passwordHistory: [],
      item: { kind: 'card', ...none, fields: { cardholder: 'Ana Lima', number: '4111111111111111', code: '123' }, expiry: { month: 7, year: 2031 } },
    },
    {
      title: 'Me',
      url: null,
      username: '',
      password: '',
      notes: null,
      group: null,
      otp: null,
      passwordHistory: [],
      item: {
        kind: 'identity',
        ...none,
        fields: {
          honorific: 'Dr', firstName: 'Ana', middleName: 'M', lastName: 'Lima', company: 'Co', email: 'a@example.org', phone: '+1 555',
          address1: 'A1', address2: 'A2', address3: 'A3', city: 'C', region: 'R', postalCode: 'P', country: 'GB',
          passportNumber: 'PP', licenceNumber: 'LN', nationalId: 'NI',
        },
      },
    },
    {
      title: 'Key',
      url: null,
      username: '',
      password: '',
      notes: null,
      group: null,
      otp: null,
      passwordHistory: [],
      item: { kind: 'ssh', ...none, fields: { privateKey: 'PRIVATE\n', publicKey: 'ssh-ed25519 AAAA', fingerprint: 'SHA256:abc' } },
    },
  ],
};

function counter(): () => string {
  let next = 0;
  return () => `id-${++next}`;
}

describe('Bitwarden-compatible JSON of every kind', () => {
  const items = bitwardenExport(VAULT, { newId: counter() }).items;
  const base = { passwordHistory: null, organizationId: null, reprompt: 0, collectionIds: null };

  it('writes a login with every URL and its rule, its custom fields typed, and its favourite mark', () => {
    expect(items[0]).toEqual({
      ...base,
      id: 'id-2',
      folderId: 'id-1',
      type: 1,
      name: 'Mail',
      notes: null,
      favorite: true,
      fields: [
        { name: 'PIN', value: '0000', type: 1, linkedId: null },
        { name: 'ID', value: 'E-1', type: 0, linkedId: null },
        { name: 'SSO', value: 'false', type: 2, linkedId: null },
      ],
      login: {
        uris: [
          { match: null, uri: 'https://mail.example.com' },
          { match: 0, uri: 'https://example.com' },
          { match: 2, uri: 'https://example.com/app' },
          { match: 5, uri: 'https://old.example.com' },
        ],
        username: 'ana',
        password: 'pw',
        totp: null,
      },
    });
    expect(items[1]).toMatchObject({ type: 1, favorite: false, login: { uris: [{ match: null, uri: 'https://plain.example' }] } });
    expect(items[1]).not.toHaveProperty('fields');
  });

  it('writes a note, a card, an identity and an SSH key with the member of their type', () => {
    expect(items[2]).toEqual({ ...base, id: 'id-4', folderId: null, type: 2, name: 'Wi-Fi', notes: 'SSID', favorite: true, secureNote: { type: 0 } });
    expect(items[3]).toMatchObject({ type: 3, card: { cardholderName: 'Ana Lima', brand: null, number: '4111111111111111', expMonth: '7', expYear: '2031', code: '123' } });
    expect(items[3]).not.toHaveProperty('login');
    expect(items[4]).toMatchObject({
      type: 4,
      identity: {
        title: 'Dr', firstName: 'Ana', middleName: 'M', lastName: 'Lima', address1: 'A1', address2: 'A2', address3: 'A3', city: 'C', state: 'R',
        postalCode: 'P', country: 'GB', company: 'Co', email: 'a@example.org', phone: '+1 555', ssn: 'NI', username: null, passportNumber: 'PP',
        licenseNumber: 'LN',
      },
    });
    expect(items[5]).toMatchObject({ type: 5, sshKey: { privateKey: 'PRIVATE\n', publicKey: 'ssh-ed25519 AAAA', keyFingerprint: 'SHA256:abc' } });
  });
});

describe('CSV of every kind', () => {
  it('holds the logins only, and counts what it left out: items not logins, further URLs, custom fields, earlier passwords, codes', () => {
    const { text, leftOut } = exportCsv(VAULT);
    expect(leftOut).toEqual({ notLogins: 4, furtherUrls: 3, customFields: 3, earlierPasswords: 0, oneTimeCodes: 0 });
    const withHistory: ExportedVault = {
      ...VAULT,
      entries: VAULT.entries.map((entry) => (entry.title === 'Plain' ? { ...entry, otp: 'otpauth://totp/Plain?secret=JBSWY3DPEHPK3PXP', passwordHistory: [{ password: 'a', replacedAt: 1 }, { password: 'b', replacedAt: 2 }] } : entry)),
    };
    expect(exportCsv(withHistory).leftOut).toEqual({ notLogins: 4, furtherUrls: 3, customFields: 3, earlierPasswords: 2, oneTimeCodes: 1 });
    expect(text.split('\r\n').slice(1, -1)).toEqual(['Home,Mail,https://mail.example.com,ana,pw,', ',Plain,https://plain.example,me,p,n']);
  });
});

describe('Keyloft JSON of every kind', () => {
  it('writes an item’s six members after an entry’s own, and none for a format-2 login', () => {
    const document = JSON.parse(exportKeyloftJson(VAULT, { now: new Date(0) })) as { entries: Record<string, unknown>[] };
    expect(Object.keys(document.entries[0] ?? {})).toEqual([
      'title', 'url', 'username', 'password', 'notes', 'group', 'otp', 'passwordHistory', 'kind', 'favourite', 'urls', 'customFields', 'fields', 'expiry',
    ]);
    expect(Object.keys(document.entries[1] ?? {})).toEqual(['title', 'url', 'username', 'password', 'notes', 'group', 'otp', 'passwordHistory']);
    expect(document.entries[3]).toMatchObject({ kind: 'card', expiry: { month: 7, year: 2031 }, fields: { cardholder: 'Ana Lima', number: '4111111111111111', code: '123' } });
  });

  it('is version 2 with an item among its entries, so a Keyloft from before items refuses it; version 1 with logins only', () => {
    const version = (vault: ExportedVault) => (JSON.parse(exportKeyloftJson(vault, { now: new Date(0) })) as { version: number }).version;
    expect(version(VAULT)).toBe(2);
    expect(version({ ...VAULT, entries: VAULT.entries.filter((entry) => entry.item === undefined) })).toBe(1);
  });

  it('reads each member back marked for the plan, and skips an entry whose members are not of the layout, saying why', async () => {
    const document = JSON.parse(exportKeyloftJson(VAULT, { now: new Date(0) })) as { entries: Record<string, unknown>[] };
    const card = document.entries[3] ?? {};
    document.entries.push(
      { ...card, title: 'Bad kind', kind: 'other' },
      { ...card, title: 'Bad field', customFields: [{ name: 'x', type: 'boolean', value: 'yes' }] },
      { ...card, title: 'Bad expiry', expiry: { month: 13, year: 2031 } },
      { ...card, title: 'Bad rule', urls: [{ url: 'https://x.example', match: 'regex' }] },
    );
    const parsed = await keyloftFormat.parse({ name: 'k.json', bytes: new TextEncoder().encode(JSON.stringify(document)) }, {});
    expect(parsed.items[3]).toMatchObject({
      kind: 'card',
      favourite: false,
      urls: [],
      extras: [
        { label: 'cardholder', value: 'Ana Lima', field: 'cardholder' },
        { label: 'number', value: '4111111111111111', field: 'number' },
        { label: 'code', value: '123', field: 'code' },
        { label: 'expiry', value: '07/2031', field: 'expiry' },
      ],
    });
    expect(parsed.items[0]?.extras.filter((extra) => extra.type !== undefined)).toEqual([
      { label: 'PIN', value: '0000', type: 'hidden' },
      { label: 'ID', value: 'E-1', type: 'text' },
      { label: 'SSO', value: 'false', type: 'boolean' },
    ]);
    expect(parsed.skipped).toEqual([
      { at: 'item 7', title: 'Bad kind', reason: 'Its kind is not one Keyloft has.' },
      { at: 'item 8', title: 'Bad field', reason: 'Its custom fields are not a list of named, typed values.' },
      { at: 'item 9', title: 'Bad expiry', reason: 'Its expiry is not a month and a year.' },
      { at: 'item 10', title: 'Bad rule', reason: 'Its URLs are not a list of addresses with their match rules.' },
    ]);
  });
});
