import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../../../src/features/import/detect';
import { MAX_IMPORT_BYTES } from '../../../../src/features/import/fileGuards';
import { onePassword1puxFormat } from '../../../../src/features/import/formats/onePassword1pux';
import { expectFileError, fileOf, fixtureText } from '../importFixtures';

const ATTRIBUTES = JSON.stringify({ version: 3, description: '1Password Unencrypted Export', createdAt: 1700000000 });

/** A .1pux as 1Password writes it: export.attributes, export.data and attached files under files/. */
function pux(members: Zippable = {}): Uint8Array {
  return zipSync({
    'export.attributes': strToU8(ATTRIBUTES),
    'export.data': strToU8(fixtureText('1password-export.data.json')),
    files: { 'o2xjvb4erqpqn7ytjdiooitk2m__contract.pdf': new Uint8Array([0x25, 0x50, 0x44, 0x46]) },
    ...members,
  });
}

const parse = (bytes: Uint8Array, name = '1PasswordExport-D4RI47B7BJDT25C2LWA7LEJLHZ.1pux') =>
  onePassword1puxFormat.parse(fileOf(name, bytes), {});

describe('1Password 1PUX: items', () => {
  it('maps a login one to one: title, primary url, designated username and password, notes as written', async () => {
    const parsed = await parse(pux());
    expect(parsed.format).toBe('1password-1pux');
    expect(parsed.items[0]).toMatchObject({
      at: 'item 1',
      kind: 'login',
      title: 'Example, "main" account',
      url: 'https://www.example.com/login',
      username: 'ada@example.org',
      password: 'c0rrect, "horse" battery',
      notes: 'Shared with the team.\nRotate every "quarter", please.\n日本語のメモ',
      folder: ['Private'],
    });
  });

  it('puts the other urls, form fields, TOTP, section fields and tags into extras, leaving empty ones out', async () => {
    const parsed = await parse(pux());
    expect(parsed.items[0]?.extras).toEqual([
      { label: 'URL 2', value: 'https://sso.example.com' },
      { label: 'remember_me', value: '✓' },
      { label: 'One-time password (TOTP)', value: 'otpauth://totp/Example:ada?secret=JBSWY3DPEHPK3PXP' },
      // A concealed field stays hidden (issue #44).
      { label: 'Recovery codes', value: '1111-2222\n3333-4444', type: 'hidden' },
      { label: 'Signed up', value: '2020-01-01' },
      { label: 'Tags', value: 'work, shared' },
    ]);
  });

  it('imports an archived item (it is still the user’s data) as its kind', async () => {
    const parsed = await parse(pux());
    expect(parsed.items[1]).toMatchObject({
      kind: 'note',
      title: 'Office codes',
      notes: 'Old office door code: 4711\nAlarm: 0815',
      extras: [],
    });
  });

  it('labels card and identity template fields clearly, with month-year, dates, addresses and emails as text', async () => {
    const parsed = await parse(pux());
    expect(parsed.items[2]).toMatchObject({ kind: 'card', title: 'Team Visa', username: '', password: '' });
    expect(parsed.items[2]?.extras).toEqual([
      { label: 'Cardholder name', value: 'Ada Lovelace', field: 'cardholder' },
      { label: 'Card brand', value: 'visa' },
      { label: 'Card number', value: '4111111111111111', field: 'number' },
      { label: 'Security code', value: '123', field: 'code' },
      { label: 'Expiry date', value: '07/2031', field: 'expiry' },
    ]);
    expect(parsed.items[3]).toMatchObject({ kind: 'identity', title: "Ada's identity" });
    expect(parsed.items[3]?.extras).toEqual([
      { label: 'First name', value: 'Ada', field: 'firstName' },
      { label: 'Last name', value: 'Lovelace', field: 'lastName' },
      { label: 'Birth date', value: '2015-10-22' },
      { label: 'Address', value: "12 St James's Square\nLondon\nSW1Y 4JH\ngb" },
      { label: 'Phone', value: '+44 20 7946 0000', field: 'phone' },
      { label: 'Email', value: 'ada@example.org', field: 'email' },
    ]);
  });

  it("takes each vault's name as the folder, unsplit", async () => {
    const parsed = await parse(pux());
    expect(parsed.items.map((item) => [item.title, item.folder])).toEqual([
      ['Example, "main" account', ['Private']],
      ['Office codes', ['Private']],
      ['Team Visa', ['Private']],
      ["Ada's identity", ['Private']],
      ['Alarm panel', ['Ops / Infra']],
      ['Bastion', ['Ops / Infra']],
    ]);
  });

  it("reads a Password item's password, and a server's url, username and password from its section", async () => {
    const parsed = await parse(pux());
    expect(parsed.items[4]).toMatchObject({ kind: 'login', title: 'Alarm panel', password: 'alarm-panel-8812', username: '' });
    expect(parsed.items[5]).toMatchObject({
      kind: 'other',
      url: 'ssh://bastion.example.net',
      username: 'root',
      password: 'r00t-pw',
      extras: [{ label: 'admin console URL', value: 'https://console.example.net' }],
    });
  });

  it('lists trashed items and documents as skipped, with titles and reasons', async () => {
    const parsed = await parse(pux());
    expect(parsed.skipped).toEqual([
      { at: 'item 7', title: 'Signed contract', reason: 'It is a 1Password document (a file); Keyloft does not store files.' },
      { at: 'item 8', title: 'Deleted login', reason: "It is in 1Password's trash." },
    ]);
    expect(parsed.items).toHaveLength(6);
  });

  it('reads an SSH key field and an attached file name into extras', async () => {
    const data = {
      accounts: [
        {
          attrs: { name: 'Ada' },
          vaults: [
            {
              attrs: { name: 'Keys' },
              items: [
                {
                  uuid: 'k',
                  state: 'active',
                  categoryUuid: '114',
                  overview: { title: 'Deploy key', url: '' },
                  details: {
                    sections: [
                      {
                        title: '',
                        fields: [
                          {
                            title: 'private key',
                            id: 'private_key',
                            value: {
                              sshKey: {
                                privateKey: 'raw',
                                metadata: { privateKey: '-----BEGIN PRIVATE KEY-----\nMC4\n-----END PRIVATE KEY-----', publicKey: 'ssh-ed25519 AAAA' },
                              },
                            },
                          },
                          { title: 'readme', id: 'f1', value: { file: { fileName: 'readme.txt', documentId: 'd', decryptedSize: 3 } } },
                        ],
                      },
                    ],
                  },
                },
              ],
            },
          ],
        },
      ],
    };
    const parsed = await parse(pux({ 'export.data': strToU8(JSON.stringify(data)) }));
    expect(parsed.items[0]).toMatchObject({ kind: 'ssh', title: 'Deploy key', folder: ['Keys'] });
    expect(parsed.items[0]?.extras).toEqual([
      { label: 'private key', value: '-----BEGIN PRIVATE KEY-----\nMC4\n-----END PRIVATE KEY-----', field: 'privateKey' },
      { label: 'Public key', value: 'ssh-ed25519 AAAA', field: 'publicKey' },
      { label: 'Attached file', value: 'readme.txt' },
    ]);
  });
  it("reads ids a plain object would answer (a category or field id named 'constructor') as unknown", async () => {
    const item = (categoryUuid: string) => ({
      uuid: categoryUuid,
      state: 'active',
      categoryUuid,
      overview: { title: categoryUuid },
      details: { sections: [{ title: 'S', fields: [{ title: 'odd', id: 'constructor', value: { string: 'v' } }] }] },
    });
    const data = { accounts: [{ vaults: [{ attrs: { name: '' }, items: [item('constructor'), item('002')] }] }] };
    const parsed = await parse(pux({ 'export.data': strToU8(JSON.stringify(data)) }));
    expect(parsed.items.map((entry) => [entry.kind, entry.extras, entry.folder])).toEqual([
      ['other', [{ label: 'odd', value: 'v' }], []],
      ['card', [{ label: 'odd', value: 'v' }], []],
    ]);
  });
});

describe('1Password 1PUX: files it refuses', () => {
  it('refuses a truncated zip', async () => {
    const whole = pux();
    await expectFileError(parse(whole.subarray(0, Math.floor(whole.length * 0.6))), /^The file is not a complete 1Password export \(\.1pux\): the zip archive is damaged or cut short\.$/);
  });

  it('refuses a zip without export.data', async () => {
    const zip = zipSync({ 'export.attributes': strToU8(ATTRIBUTES) });
    await expectFileError(parse(zip), /^The file is not a complete 1Password export \(\.1pux\): it has no export\.data\.$/);
  });

  it('refuses export.data that is not JSON, or holds no accounts', async () => {
    await expectFileError(parse(pux({ 'export.data': strToU8('{"accounts": [') })), /export\.data is not readable JSON/);
    await expectFileError(parse(pux({ 'export.data': new Uint8Array([0xc3, 0x28]) })), /export\.data is not readable JSON/);
    await expectFileError(parse(pux({ 'export.data': strToU8('{"items": []}') })), /export\.data holds no accounts/);
  });

  it("refuses another format's file", async () => {
    await expectFileError(parse(strToU8('{"encrypted": false, "items": []}'), 'bitwarden.json'), /not a 1Password export \(\.1pux\): it is not a zip archive/);
    await expectFileError(parse(zipSync({ 'readme.txt': strToU8('hello') }), 'other.zip'), /it has no export\.data/);
  });

  it('refuses a file over the size limit before unzipping', async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.set(pux());
    expect(big.byteLength).toBeGreaterThan(MAX_IMPORT_BYTES);
    await expectFileError(parse(big), /is 50\.0 MiB; Keyloft imports files of at most 20 MiB/);
  });
});

describe('1Password 1PUX: recognition', () => {
  it('recognises a zip named .1pux, or any zip naming export.data', () => {
    expect(onePassword1puxFormat.recognises(sampleOf(fileOf('x.1pux', pux())))).toBe(true);
    expect(onePassword1puxFormat.recognises(sampleOf(fileOf('download.zip', pux())))).toBe(true);
  });

  it('does not recognise other zips or text', () => {
    expect(onePassword1puxFormat.recognises(sampleOf(fileOf('a.zip', zipSync({ 'a.txt': strToU8('a') }))))).toBe(false);
    expect(onePassword1puxFormat.recognises(sampleOf(fileOf('export.1pux', '{"accounts": []}')))).toBe(false);
  });
});
