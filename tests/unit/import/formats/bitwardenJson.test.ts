import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../../../src/features/import/detect';
import { MAX_IMPORT_BYTES } from '../../../../src/features/import/fileGuards';
import { bitwardenJsonFormat } from '../../../../src/features/import/formats/bitwardenJson';
import { LOCKED_FILE_MESSAGES } from '../../../../src/features/import/formats/lockedFiles';
import { expectFileError, fileOf, fixtureBytes, fixtureText } from '../importFixtures';

const parse = (name: string, content: string | Uint8Array) => bitwardenJsonFormat.parse(fileOf(name, content), {});
const parseFixture = (name: string) => parse(name, fixtureBytes(name));
const exactly = (message: string) => new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe('Bitwarden JSON: a personal export', () => {
  it('maps a login one to one, keeping quotes, commas, unicode, multi-line notes and spaces as written', async () => {
    const parsed = await parseFixture('bitwarden-personal.json');
    expect(parsed.format).toBe('bitwarden-json');
    const login = parsed.items[0];
    expect(login).toMatchObject({
      at: 'item 1',
      kind: 'login',
      title: 'Acme "Portal", staging',
      url: 'https://portal.acme.example/login',
      username: 'jürgen@acme.example',
      password: ' p@ss, "word" ',
      notes: 'First line\nSecond line, with a comma\n\n  indented "quoted" line',
    });
  });

  it('splits a nested folder name on "/" into its path, and finds a top-level folder by id', async () => {
    const parsed = await parseFixture('bitwarden-personal.json');
    expect(parsed.items[0]?.folder).toEqual(['Work', 'Clients', 'Zürich']);
    expect(parsed.items.find((item) => item.title === 'Wi-Fi 🔑 guest')?.folder).toEqual(['Work']);
    expect(parsed.items.find((item) => item.title === 'Router')?.folder).toEqual([]);
  });

  it('puts extra urls, the TOTP secret and custom fields (hidden, boolean, linked) into extras in file order', async () => {
    const parsed = await parseFixture('bitwarden-personal.json');
    expect(parsed.items[0]?.extras).toEqual([
      { label: 'URL 2', value: 'https://staging.acme.example' },
      { label: 'URL 3', value: 'androidapp://com.acme.portal' },
      { label: 'One-time password (TOTP)', value: 'otpauth://totp/Acme:jurgen?secret=JBSWY3DPEHPK3PXP&issuer=Acme' },
      { label: 'Account ID', value: 'ACME-0042' },
      { label: 'Recovery PIN', value: '9931' },
      { label: 'Remember me', value: 'true' },
      { label: 'Login name', value: 'Linked to the username in Bitwarden' },
    ]);
  });

  it('leaves empty and null values empty, without deciding anything about a login with no password', async () => {
    const parsed = await parseFixture('bitwarden-personal.json');
    const router = parsed.items.find((item) => item.title === 'Router');
    expect(router).toMatchObject({ kind: 'login', url: '', username: '', password: '', notes: '', extras: [] });
  });

  it('gives each item type its kind, and card, identity and SSH key fields clear labels', async () => {
    const parsed = await parseFixture('bitwarden-personal.json');
    expect(parsed.items.map((item) => [item.title, item.kind])).toEqual([
      ['Acme "Portal", staging', 'login'],
      ['Router', 'login'],
      ['Wi-Fi 🔑 guest', 'note'],
      ['Team Visa', 'card'],
      ['Passport identity', 'identity'],
      ['Deploy key', 'other'],
    ]);
    expect(parsed.items[2]?.notes).toBe('SSID: guest\r\nKey: 日本語のパスワード');
    expect(parsed.items[3]?.extras).toEqual([
      { label: 'Cardholder name', value: 'Ada Lovelace' },
      { label: 'Card brand', value: 'Visa' },
      { label: 'Card number', value: '4111111111111111' },
      { label: 'Expiry month', value: '7' },
      { label: 'Expiry year', value: '2031' },
      { label: 'Security code', value: '123' },
    ]);
    expect(parsed.items[4]?.extras).toEqual([
      { label: 'Title', value: 'Dr' },
      { label: 'First name', value: 'Ada' },
      { label: 'Last name', value: 'Lovelace' },
      { label: 'Address 1', value: "12 St James's Square" },
      { label: 'City', value: 'London' },
      { label: 'Postal code', value: 'SW1Y 4JH' },
      { label: 'Country', value: 'GB' },
      { label: 'Company', value: 'Analytical Engines Ltd' },
      { label: 'Email', value: 'ada@example.org' },
      { label: 'Phone', value: '+44 20 7946 0000' },
      { label: 'Username', value: 'ada' },
      { label: 'Passport number', value: 'P1234567' },
    ]);
    expect(parsed.items[4]?.username).toBe('');
    expect(parsed.items[5]?.extras.map((extra) => extra.label)).toEqual(['Private key', 'Public key', 'Key fingerprint']);
    expect(parsed.items[5]?.extras[0]?.value).toContain('\nb3BlbnNzaC1rZXktdjEAAAAA\n');
  });

  it("lists an item in Bitwarden's trash as skipped, with its title and reason", async () => {
    const parsed = await parseFixture('bitwarden-personal.json');
    expect(parsed.skipped).toEqual([{ at: 'item 7', title: 'Old forum', reason: "It is in Bitwarden's trash." }]);
    expect(parsed.items).toHaveLength(6);
  });

  it('lists an entry that is not an object as skipped instead of failing the file', async () => {
    const parsed = await parse('odd.json', JSON.stringify({ encrypted: false, folders: [], items: [42, { type: 2, name: 'n' }] }));
    expect(parsed.skipped).toEqual([{ at: 'item 1', title: '', reason: 'It is not an item Bitwarden writes.' }]);
    expect(parsed.items.map((item) => item.at)).toEqual(['item 2']);
  });

  it('reads a file that starts with a byte-order mark', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...fixtureBytes('bitwarden-organization.json')]);
    expect((await parse('bom.json', bom)).items).toHaveLength(2);
  });
});

describe('Bitwarden JSON: an organization export', () => {
  it("uses the item's first collection as its folder (nested by '/') and names the others in extras", async () => {
    const parsed = await parseFixture('bitwarden-organization.json');
    expect(parsed.items[0]).toMatchObject({
      title: 'db-primary',
      url: 'postgres://db-primary.internal:5432',
      username: 'postgres',
      password: 's3cr3t',
      folder: ['Engineering', 'Servers'],
      extras: [{ label: 'Also in collection', value: 'On-call' }],
    });
    expect(parsed.items[1]).toMatchObject({ kind: 'note', notes: 'Call the lead.', folder: [] });
  });
});

describe('Bitwarden JSON: files it refuses', () => {
  it('refuses an account-restricted encrypted export, saying what it is and to export ".json" again', async () => {
    await expectFileError(parseFixture('bitwarden-encrypted.json'), exactly(LOCKED_FILE_MESSAGES.bitwardenAccount));
    expect(LOCKED_FILE_MESSAGES.bitwardenAccount).toMatch(/account’s key.*“\.json” \(not “\.json \(Encrypted\)”\)/);
  });

  it('asks for a password-protected export’s password, and refuses one whose values are not what Bitwarden writes', async () => {
    await expect(parseFixture('bitwarden-password-protected.json')).rejects.toMatchObject({ name: 'NeedsFilePasswordError', wrong: false });
    // The fixture's encrypted values are placeholders (its opening is tests/unit/import/unlock/bitwardenProtected.test.ts).
    await expectFileError(
      bitwardenJsonFormat.parse(fileOf('p.json', fixtureBytes('bitwarden-password-protected.json')), { filePassword: 'anything' }),
      /^This Bitwarden export is damaged and cannot be opened: The key check value is cut short or damaged\.$/,
    );
  });

  it('refuses invalid and cut-short JSON', async () => {
    const text = fixtureText('bitwarden-personal.json');
    await expectFileError(parse('cut.json', text.slice(0, text.length / 2)), /^The file is not valid JSON/);
    await expectFileError(parse('bad.json', '{"encrypted": false, items: []}'), /^The file is not valid JSON/);
  });

  it("refuses another format's file", async () => {
    await expectFileError(parse('chrome.csv', 'name,url,username,password\nA,https://a.example,ann,pw\n'), /not valid JSON/);
    await expectFileError(parse('other.json', '{"accounts": []}'), /not a Bitwarden JSON export/);
    await expectFileError(parse('list.json', '[1, 2]'), /not a Bitwarden JSON export/);
    await expectFileError(parse('vault.1pux', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00])), /not UTF-8 text/);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x20);
    await expectFileError(parse('big.json', big), /at most 20 MiB/);
  });
});

describe('Bitwarden JSON: recognition', () => {
  it('recognises unencrypted and encrypted exports by their leading "encrypted" key', () => {
    for (const name of ['bitwarden-personal.json', 'bitwarden-organization.json', 'bitwarden-encrypted.json', 'bitwarden-password-protected.json']) {
      expect(bitwardenJsonFormat.recognises(sampleOf(fileOf(name, fixtureBytes(name)))), name).toBe(true);
    }
  });

  it('does not recognise other JSON, CSV or XML', () => {
    for (const content of ['{"accounts": []}', '[{"encrypted": false}]', 'folder,favorite,type,name\n', '<KeePassFile/>']) {
      expect(bitwardenJsonFormat.recognises(sampleOf(fileOf('x.json', content))), content).toBe(false);
    }
  });
});
