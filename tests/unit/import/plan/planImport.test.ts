import { describe, expect, it } from 'vitest';
import type { ExportedVault } from '../../../../src/features/import/export/exportedVault';
import { exportKeyloftJson } from '../../../../src/features/import/export/keyloftExport';
import { bitwardenJsonFormat } from '../../../../src/features/import/formats/bitwardenJson';
import { keyloftFormat } from '../../../../src/features/import/formats/keyloft';
import { planImport } from '../../../../src/features/import/plan/planImport';
import { EMPTY_ITEM_REASON } from '../../../../src/features/import/plan/toEntry';
import { fileOf, fixtureBytes } from '../importFixtures';
import { item, parsedOf, target } from './planFixtures';

describe('planImport: the whole plan', () => {
  it('counts every item by kind, whether it is an entry, a duplicate or skipped', async () => {
    const items = [
      item({ title: 'A', username: 'u', password: 'p' }),
      item({ title: 'A', username: 'u', password: 'p' }),
      item({ kind: 'card', title: 'Visa' }),
      item({ kind: 'note' }),
      item({ kind: 'identity', title: 'x'.repeat(501) }),
    ];
    const plan = await planImport(parsedOf(items), target());
    expect(plan.kinds).toEqual({ login: 2, note: 1, card: 1, identity: 1, ssh: 0, other: 0 });
    expect([plan.entries.length, plan.duplicates.length, plan.skipped.length]).toEqual([2, 1, 2]);
  });

  it('lists the parser’s skipped items and its own together, in file order', async () => {
    const items = [item({ at: 'item 1', title: 'Kept', password: 'p' }), item({ at: 'item 3' }), item({ at: 'item 10', title: 'Kept too', password: 'q' })];
    const parserSkipped = [
      { at: 'item 2', title: 'Old', reason: "It is in Bitwarden's trash." },
      { at: 'item 11', title: 'Older', reason: "It is in Bitwarden's trash." },
    ];
    const plan = await planImport(parsedOf(items, parserSkipped), target());
    expect(plan.skipped.map((skipped) => [skipped.at, skipped.reason])).toEqual([
      ['item 2', "It is in Bitwarden's trash."],
      ['item 3', EMPTY_ITEM_REASON],
      ['item 11', "It is in Bitwarden's trash."],
    ]);
    expect(plan.format).toBe('bitwarden-json');
  });

  it('keeps the file order of entries, duplicates and near-duplicates, and accounts for every item once', async () => {
    const items = Array.from({ length: 30 }, (_, at) => item({ title: `T${String(at % 7)}`, username: 'u', password: String(at % 7), notes: at % 5 === 0 ? '' : 'n' }));
    const plan = await planImport(parsedOf(items), target());
    expect(plan.nearDuplicates.length).toBeGreaterThan(0);
    expect(plan.duplicates.length).toBeGreaterThan(0);
    for (const list of [plan.entries, plan.duplicates, plan.nearDuplicates]) {
      const positions = list.map((listed) => Number(listed.at.replace('item ', '')));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    const seen = [...plan.entries, ...plan.duplicates, ...plan.nearDuplicates, ...plan.skipped].map((listed) => listed.at).sort();
    expect(seen).toEqual(items.map((listed) => listed.at).sort());
    expect(plan.entries.map((entry) => entry.title)).toEqual(['T0', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6']);
  });
});

describe('planImport: a real Bitwarden JSON export, end to end', () => {
  it('parses tests/fixtures/import/bitwarden-personal.json and plans it into an empty target', async () => {
    const parsed = await bitwardenJsonFormat.parse(fileOf('bitwarden-personal.json', fixtureBytes('bitwarden-personal.json')), {});
    const to = target();
    const plan = await planImport(parsed, to);

    expect(plan.kinds).toEqual({ login: 2, note: 1, card: 1, identity: 1, ssh: 1, other: 0 });
    expect(plan.entries.map((entry) => [entry.title, entry.kind, entry.groupName])).toEqual([
      ['Acme "Portal", staging', 'login', 'Work / Clients / Zürich'],
      ['Router', 'login', null],
      ['Wi-Fi 🔑 guest', 'note', 'Work'],
      ['Team Visa', 'card', null],
      ['Passport identity', 'identity', null],
      ['Deploy key', 'ssh', null],
    ]);
    expect(plan.entries[0]).toMatchObject({
      url: 'https://portal.acme.example/login',
      username: 'jürgen@acme.example',
      password: ' p@ss, "word" ',
    });
    expect(plan.entries[0]?.notes).toBe('First line\nSecond line, with a comma\n\n  indented "quoted" line');
    // Every value each item of the fixture becomes (issue #44): an item of its kind, nothing in its notes but its own.
    const none = { favourite: false, urls: [], customFields: [], expiry: null };
    expect(plan.entries.map((entry) => entry.item)).toEqual([
      {
        kind: 'login',
        favourite: true,
        urls: [
          { url: 'https://portal.acme.example/login', match: 'origin' },
          { url: 'https://staging.acme.example', match: 'site' },
          { url: 'androidapp://com.acme.portal', match: 'origin' },
        ],
        customFields: [
          // The target reads no codes here (no oneTimeCode): the code stays, hidden.
          { name: 'One-time password (TOTP)', type: 'hidden', value: 'otpauth://totp/Acme:jurgen?secret=JBSWY3DPEHPK3PXP&issuer=Acme' },
          { name: 'Account ID', type: 'text', value: 'ACME-0042' },
          { name: 'Recovery PIN', type: 'hidden', value: '9931' },
          { name: 'Remember me', type: 'boolean', value: true },
          { name: 'Login name', type: 'text', value: 'Linked to the username in Bitwarden' },
          { name: 'Empty field', type: 'text', value: '' },
        ],
        fields: {},
        expiry: null,
      },
      { kind: 'login', ...none, fields: {} },
      { kind: 'note', ...none, fields: {} },
      { kind: 'card', ...none, fields: { cardholder: 'Ada Lovelace', number: '4111111111111111', code: '123' }, expiry: { month: 7, year: 2031 } },
      {
        kind: 'identity',
        ...none,
        customFields: [{ name: 'Username', type: 'text', value: 'ada' }],
        fields: {
          honorific: 'Dr', firstName: 'Ada', middleName: '', lastName: 'Lovelace', company: 'Analytical Engines Ltd', email: 'ada@example.org',
          phone: '+44 20 7946 0000', address1: "12 St James's Square", address2: '', address3: '', city: 'London', region: '', postalCode: 'SW1Y 4JH',
          country: 'GB', passportNumber: 'P1234567', licenceNumber: '', nationalId: '',
        },
      },
      {
        kind: 'ssh',
        ...none,
        fields: {
          privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
          publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK deploy@example',
        },
      },
    ]);
    expect(plan.entries.slice(1).map(({ url, username, password, notCarried }) => [url, username, password, notCarried])).toEqual(Array.from({ length: 5 }, () => [null, '', '', undefined]));
    expect(plan.groups).toEqual([
      { name: 'Work / Clients / Zürich', existingId: null, folders: ['Work / Clients / Zürich'] },
      { name: 'Work', existingId: null, folders: ['Work'] },
    ]);
    expect(plan.duplicates).toEqual([]);
    expect(plan.skipped).toEqual([{ at: 'item 7', title: 'Old forum', reason: "It is in Bitwarden's trash." }]);
    expect(to.opened).toEqual([]);
  });
});

describe('planImport: a Keyloft export planned back', () => {
  it('gives the same titles, urls, usernames, passwords, notes and groups, and all duplicates the second time', async () => {
    const vault: ExportedVault = {
      groups: [{ name: 'Work / Clients', description: null }, { name: 'Família 🏠', description: null }],
      entries: [
        { title: 'Mail, "work"', url: 'https://mail.example', username: 'ana', password: 'p,w"d', notes: 'Line one\n\n  indented', group: 'Work / Clients' },
        { title: 'Bank – Zoë', url: null, username: 'zoë', password: '密码🔑', notes: null, group: 'Família 🏠' },
        { title: 'Wi-Fi', url: null, username: '', password: '', notes: 'SSID: home', group: null },
        { title: '=HYPERLINK("x")', url: 'https://a.example', username: '+33 6', password: '-dash', notes: '@SUM(1)', group: 'Work / Clients' },
      ],
    };
    const text = exportKeyloftJson(vault);
    const parsed = await keyloftFormat.parse({ name: 'export.json', bytes: new TextEncoder().encode(text) }, {});
    const plan = await planImport(parsed, target([], [{ id: 'g-home', name: 'família 🏠' }]));
    expect(plan.entries.map(({ title, url, username, password, notes, groupName }) => ({ title, url, username, password, notes, group: groupName }))).toEqual(
      vault.entries.map((entry) => (entry.group === 'Família 🏠' ? { ...entry, group: 'família 🏠' } : entry)),
    );
    expect(plan.groups.map((group) => [group.name, group.existingId])).toEqual([
      ['Work / Clients', null],
      ['família 🏠', 'g-home'],
    ]);
    // The target as that import left it: the same entries, in groups of those names.
    const groupId = (name: string | null) => (name === null ? null : `g:${name}`);
    const written = target(
      vault.entries.map(({ title, url, username, password, notes, group }) => ({ title, url, username, password, notes, groupId: groupId(group) })),
      vault.groups.map(({ name }) => ({ id: `g:${name}`, name })),
    );
    const again = await planImport(parsed, written);
    expect(again.entries).toEqual([]);
    expect(again.nearDuplicates).toEqual([]);
    expect(again.duplicates).toHaveLength(vault.entries.length);
  });
});
