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

  it('reads every URL with its match rule, the favourite mark, and the TOTP secret and custom fields (typed; linked as text) into extras in file order', async () => {
    const parsed = await parseFixture('bitwarden-personal.json');
    expect(parsed.items[0]?.url).toBe('https://portal.acme.example/login');
    expect(parsed.items[0]?.urls).toEqual([
      { url: 'https://portal.acme.example/login', match: 'origin' },
      { url: 'https://staging.acme.example', match: 'site' },
      { url: 'androidapp://com.acme.portal', match: 'origin' },
    ]);
    expect(parsed.items[0]?.favourite).toBe(true);
    expect(parsed.items[1]).not.toHaveProperty('favourite');
    expect(parsed.items[0]?.extras).toEqual([
      { label: 'One-time password (TOTP)', value: 'otpauth://totp/Acme:jurgen?secret=JBSWY3DPEHPK3PXP&issuer=Acme' },
      { label: 'Account ID', value: 'ACME-0042', type: 'text' },
      { label: 'Recovery PIN', value: '9931', type: 'hidden' },
      { label: 'Remember me', value: 'true', type: 'boolean' },
      { label: 'Login name', value: 'Linked to the username in Bitwarden' },
      // A typed field is kept even empty: its name is the user's.
      { label: 'Empty field', value: '', type: 'text' },
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
      ['Deploy key', 'ssh'],
    ]);
    expect(parsed.items[2]?.notes).toBe('SSID: guest\r\nKey: 日本語のパスワード');
    expect(parsed.items[3]?.extras).toEqual([
      { label: 'Cardholder name', value: 'Ada Lovelace', field: 'cardholder' },
      { label: 'Card brand', value: 'Visa', field: 'brand' },
      { label: 'Card number', value: '4111111111111111', field: 'number' },
      { label: 'Expiry month', value: '7', field: 'expiryMonth' },
      { label: 'Expiry year', value: '2031', field: 'expiryYear' },
      { label: 'Security code', value: '123', field: 'code' },
    ]);
    expect(parsed.items[4]?.extras).toEqual([
      { label: 'Title', value: 'Dr', field: 'honorific' },
      { label: 'First name', value: 'Ada', field: 'firstName' },
      { label: 'Last name', value: 'Lovelace', field: 'lastName' },
      { label: 'Address 1', value: "12 St James's Square", field: 'address1' },
      { label: 'City', value: 'London', field: 'city' },
      { label: 'Postal code', value: 'SW1Y 4JH', field: 'postalCode' },
      { label: 'Country', value: 'GB', field: 'country' },
      { label: 'Company', value: 'Analytical Engines Ltd', field: 'company' },
      { label: 'Email', value: 'ada@example.org', field: 'email' },
      { label: 'Phone', value: '+44 20 7946 0000', field: 'phone' },
      { label: 'Username', value: 'ada' },
      { label: 'Passport number', value: 'P1234567', field: 'passportNumber' },
    ]);
    expect(parsed.items[4]?.username).toBe('');
    expect(parsed.items[5]?.extras.map((extra) => [extra.label, extra.field])).toEqual([
      ['Private key', 'privateKey'],
      ['Public key', 'publicKey'],
      ['Key fingerprint', 'fingerprint'],
    ]);
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
