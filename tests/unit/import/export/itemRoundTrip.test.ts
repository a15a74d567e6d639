// Issue #44, Build 5: an item of every kind survives export and re-import unchanged. Items are
// saved through the vault service, collected as the export screen collects them, written by each
// writer, read by the format's parser, planned and written into an empty vault through the vault's
// import writer, and opened again: every field of every item, its group and its kind, equal.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, generateSshKey, parseSshPublicKey, sshFingerprint, type VaultKey } from '../../../../src/crypto';
import { exportBitwardenJson, exportKeyloftEncrypted, exportKeyloftJson, type ExportedVault } from '../../../../src/features/import/export';
import { bitwardenJsonFormat } from '../../../../src/features/import/formats/bitwardenJson';
import { keyloftFormat } from '../../../../src/features/import/formats/keyloft';
import type { ImportFormat, ParsedImport } from '../../../../src/features/import/model';
import { planImport } from '../../../../src/features/import/plan';
import { runImport } from '../../../../src/features/import/run/runImport';
import { vaultImportWriter } from '../../../../src/features/vault/importWriter';
import type { Item } from '../../../../src/features/vault/items/kinds';
import { collectVault } from '../../../../src/features/vault/transferSources';
import { createGroup, loadEntries, loadGroups, openItem, saveItem, type PersonalVaultDeps } from '../../../../src/features/vault/vaultService';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../doubles/memoryVaultRepositories';
import { targetContents } from '../../../support/importTarget';

let vaultKey: VaultKey;
let items: readonly { readonly item: Item; readonly group: string | null }[];

beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password for round trips'));
  const key = await generateSshKey('deploy@example');
  if (key === null) throw new Error('This Node has no Ed25519 in WebCrypto');
  const fingerprint = await sshFingerprint(parseSshPublicKey(key.publicKey));
  items = [
    {
      group: 'Work',
      item: {
        kind: 'login',
        title: 'Mail',
        notes: 'Work mail\n  indented line',
        favourite: true,
        customFields: [
          { name: 'Recovery code', type: 'hidden', value: 'rc-1234' },
          { name: 'Employee ID', type: 'text', value: 'E-42' },
          { name: 'SSO', type: 'boolean', value: true },
          { name: 'Legacy', type: 'boolean', value: false },
        ],
        fields: {
          urls: [
            { url: 'https://mail.example.com/login', match: 'origin' },
            { url: 'https://example.com/', match: 'site' },
            { url: 'https://intranet.example.com/mail', match: 'prefix' },
            { url: 'https://old-mail.example.com/', match: 'never' },
          ],
          username: 'ana@example.com',
          password: ' pw with edges ',
          otp: 'otpauth://totp/Mail:ana%40example.com?issuer=Mail&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
          history: [
            { password: 'second', replacedAt: 1_730_000_000_000 },
            { password: 'first', replacedAt: 1_700_000_000_000 },
          ],
        },
      },
    },
    {
      // A login format 2 holds whole: saved, exported and imported as format 2.
      group: null,
      item: {
        kind: 'login',
        title: 'Plain',
        notes: '',
        favourite: false,
        customFields: [],
        fields: { urls: [{ url: 'https://plain.example', match: 'origin' }], username: 'me', password: 'pw', otp: null, history: [] },
      },
    },
    { group: 'Home', item: { kind: 'note', title: 'Wi-Fi', notes: 'SSID: home\nKey: hunter2', favourite: true, customFields: [{ name: 'Router', type: 'text', value: 'Fritz' }], fields: {} } },
    {
      group: 'Home',
      item: {
        kind: 'card',
        title: 'Visa',
        notes: 'Travel card',
        favourite: false,
        customFields: [{ name: 'PIN', type: 'hidden', value: '0000' }],
        fields: { cardholder: 'Ana Lima', number: '4111111111111111', expiry: { month: 7, year: 2031 }, code: '123' },
      },
    },
    {
      group: null,
      item: {
        kind: 'identity',
        title: 'Me',
        notes: '',
        favourite: false,
        customFields: [],
        fields: {
          honorific: 'Dr',
          firstName: 'Ana',
          middleName: 'Maria',
          lastName: 'Lima',
          company: 'Analytical Engines Ltd',
          email: 'ana@example.org',
          phone: '+44 20 7946 0000',
          address1: "12 St James's Square",
          address2: 'Floor 2',
          address3: 'Suite 3',
          city: 'London',
          region: 'Greater London',
          postalCode: 'SW1Y 4JH',
          country: 'GB',
          passportNumber: 'P1234567',
          licenceNumber: 'L7654321',
          nationalId: '123-45-6789',
        },
      },
    },
    {
      group: 'Work',
      item: {
        kind: 'ssh',
        title: 'Deploy key',
        notes: 'Staging servers',
        favourite: false,
        customFields: [{ name: 'Host', type: 'text', value: 'staging.example.com' }],
        fields: { privateKey: key.privateKey, publicKey: key.publicKey, fingerprint },
      },
    },
  ];
});

function personal(): PersonalVaultDeps {
  let clock = 1_800_000_000_000;
  return { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository(), vaultKey, userId: 'ana', now: () => (clock += 1) };
}

/** A vault holding the items above, with their groups (Work described). */
async function sourceVault(): Promise<PersonalVaultDeps> {
  const deps = personal();
  const ids = new Map<string, string>();
  for (const [name, description] of [['Work', 'The office'], ['Home', ''], ['Empty', 'No entry in it']] as const) {
    ids.set(name, (await createGroup(deps, { name, description })).id);
  }
  for (const { item, group } of items) await saveItem(deps, item, { groupId: group === null ? null : (ids.get(group) ?? null) });
  return deps;
}

/** Every item of the vault opened, with its group by name and its stored format, by title. */
async function opened(deps: PersonalVaultDeps) {
  const groups = new Map((await loadGroups(deps)).map((group) => [group.id, group.name]));
  const entries = await loadEntries(deps);
  const all = await Promise.all(
    entries.map(async (entry) => ({ item: await openItem(deps, entry), group: entry.groupId === null ? null : (groups.get(entry.groupId) ?? null), format: entry.item === undefined ? 2 : 3 })),
  );
  return all.sort((a, b) => (a.item.title < b.item.title ? -1 : 1));
}

async function exported(deps: PersonalVaultDeps): Promise<ExportedVault> {
  const [entries, groups] = await Promise.all([loadEntries(deps), loadGroups(deps)]);
  const vault = await collectVault({ deps, vault: { entries, groups } }, () => undefined);
  expect(vault.unreadable).toBe(0);
  return vault;
}

async function importInto(deps: PersonalVaultDeps, format: ImportFormat, text: string, filePassword?: string): Promise<ParsedImport> {
  const parsed = await format.parse({ name: 'export.json', bytes: new TextEncoder().encode(text) }, filePassword === undefined ? {} : { filePassword });
  const plan = await planImport(parsed, await targetContents(deps));
  expect(plan.skipped).toEqual([]);
  expect(plan.entries.filter((entry) => (entry.notCarried?.length ?? 0) > 0)).toEqual([]);
  expect(await runImport(plan, vaultImportWriter(deps))).toMatchObject({ cancelled: false, written: items.length });
  return parsed;
}

const WRITERS: readonly (readonly [string, ImportFormat, (vault: ExportedVault) => Promise<{ text: string; password?: string }>])[] = [
  ['Keyloft plain JSON', keyloftFormat, (vault) => Promise.resolve({ text: exportKeyloftJson(vault) })],
  ['Keyloft encrypted JSON', keyloftFormat, async (vault) => ({ text: await exportKeyloftEncrypted(vault, { password: 'file pw', iterations: 100_000 }), password: 'file pw' })],
  ['Bitwarden-compatible JSON', bitwardenJsonFormat, (vault) => Promise.resolve({ text: exportBitwardenJson(vault) })],
];

describe.each(WRITERS)('an item of every kind through %s and back', (_name, format, write) => {
  it('comes back unchanged: kind, every field, custom fields, URLs and rules, favourite, history, group; plain logins in format 2', async () => {
    const source = await sourceVault();
    const before = await opened(source);
    expect(before.map(({ item }) => item.kind).sort()).toEqual(['card', 'identity', 'login', 'login', 'note', 'ssh']);
    const { text, password } = await write(await exported(source));

    const target = personal();
    await importInto(target, format, text, password);
    expect(await opened(target)).toEqual(before);
    expect(before.find(({ item }) => item.title === 'Plain')?.format).toBe(2);

    // Planned again over what it wrote, every item is a duplicate: equal in every field that came in.
    const again = await planImport(await format.parse({ name: 'export.json', bytes: new TextEncoder().encode(text) }, password === undefined ? {} : { filePassword: password }), await targetContents(target));
    expect(again.entries).toEqual([]);
    expect(again.nearDuplicates).toEqual([]);
    expect(again.duplicates).toHaveLength(items.length);
  });
});

describe('groups through the Keyloft export', () => {
  it('come back with their descriptions, an empty one included', async () => {
    const source = await sourceVault();
    const target = personal();
    await importInto(target, keyloftFormat, exportKeyloftJson(await exported(source)));
    const described = (await loadGroups(target)).map(({ name, description }) => [name, description]).sort();
    expect(described).toEqual([
      ['Empty', 'No entry in it'],
      ['Home', null],
      ['Work', 'The office'],
    ]);
  });
});
