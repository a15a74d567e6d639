// Issue #44: a 1PUX holding an item of every kind (its layout from 1Password's documentation of the
// format: categories 001 login, 002 card, 003 note, 004 identity, 114 SSH key; section field
// values keyed by their type), planned into items: every value of every item, none in the notes.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { onePassword1puxFormat } from '../../../../src/features/import/formats/onePassword1pux';
import { planImport } from '../../../../src/features/import/plan';
import { fileOf } from '../importFixtures';

const field = (title: string, id: string, value: Record<string, unknown>) => ({ title, id, value });

const DATA = {
  accounts: [
    {
      attrs: { name: 'Ada' },
      vaults: [
        {
          attrs: { name: 'Private' },
          items: [
            {
              uuid: 'l1',
              favIndex: 1,
              state: 'active',
              categoryUuid: '001',
              overview: { title: 'Mail', url: 'https://mail.example.com', urls: [{ url: 'https://mail.example.com' }, { url: 'https://webmail.example.com' }], tags: ['work'] },
              details: {
                loginFields: [
                  { designation: 'username', name: 'user', value: 'ana' },
                  { designation: 'password', name: 'pass', value: 'pw' },
                ],
                notesPlain: 'Mail notes',
                sections: [{ title: 'Security', fields: [field('one-time password', 'totp', { totp: 'JBSWY3DPEHPK3PXP' }), field('recovery', 'rec', { concealed: 'r-1' })] }],
              },
            },
            { uuid: 'n1', state: 'active', categoryUuid: '003', overview: { title: 'Door' }, details: { notesPlain: 'Code 4711' } },
            {
              uuid: 'c1',
              state: 'active',
              categoryUuid: '002',
              overview: { title: 'Visa' },
              details: {
                sections: [
                  {
                    title: '',
                    fields: [
                      field('cardholder name', 'cardholder', { string: 'Ana Lima' }),
                      field('type', 'type', { cctype: 'visa' }),
                      field('number', 'ccnum', { creditCardNumber: '4111111111111111' }),
                      field('verification number', 'cvv', { concealed: '123' }),
                      field('expiry date', 'expiry', { monthYear: 203107 }),
                      field('PIN', 'pin', { concealed: '0000' }),
                    ],
                  },
                ],
              },
            },
            {
              uuid: 'i1',
              state: 'active',
              categoryUuid: '004',
              overview: { title: 'Me' },
              details: {
                sections: [
                  {
                    title: 'Identification',
                    fields: [
                      field('first name', 'firstname', { string: 'Ana' }),
                      field('last name', 'lastname', { string: 'Lima' }),
                      field('birth date', 'birthdate', { date: 1445472000 }),
                      field('company', 'company', { string: 'Co' }),
                    ],
                  },
                  { title: 'Address', fields: [field('address', 'address', { address: { street: '1 Road', city: 'London', zip: 'N1', country: 'gb' } }), field('default phone', 'defphone', { phone: '+44 1' })] },
                  { title: 'Internet Details', fields: [field('email', 'email', { email: { email_address: 'ana@example.org' } })] },
                ],
              },
            },
            {
              uuid: 's1',
              state: 'active',
              categoryUuid: '114',
              overview: { title: 'Deploy key' },
              details: {
                sections: [
                  {
                    title: '',
                    fields: [field('private key', 'private_key', { sshKey: { privateKey: 'raw', metadata: { privateKey: '-----BEGIN PRIVATE KEY-----\nMC4\n-----END PRIVATE KEY-----\n', publicKey: 'ssh-ed25519 AAAA' } } })],
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

describe('1Password 1PUX: an item of every kind', () => {
  it('becomes an item of its kind, every value in its field, the rest custom fields', async () => {
    const bytes = zipSync({ 'export.attributes': strToU8('{"version":3}'), 'export.data': strToU8(JSON.stringify(DATA)) });
    const parsed = await onePassword1puxFormat.parse(fileOf('every.1pux', bytes), {});
    expect(parsed.items.map((item) => item.kind)).toEqual(['login', 'note', 'card', 'identity', 'ssh']);
    const plan = await planImport(parsed, { entries: [], groups: [] });
    expect(plan.skipped).toEqual([]);
    expect(plan.entries.map(({ title, url, username, password, notes, groupName }) => [title, url, username, password, notes, groupName])).toEqual([
      ['Mail', 'https://mail.example.com', 'ana', 'pw', 'Mail notes', 'Private'],
      ['Door', null, '', '', 'Code 4711', 'Private'],
      ['Visa', null, '', '', null, 'Private'],
      ['Me', null, '', '', null, 'Private'],
      ['Deploy key', null, '', '', null, 'Private'],
    ]);
    const none = { favourite: false, urls: [], customFields: [], expiry: null };
    const emptyIdentity = Object.fromEntries(
      ['honorific', 'firstName', 'middleName', 'lastName', 'company', 'email', 'phone', 'address1', 'address2', 'address3', 'city', 'region', 'postalCode', 'country', 'passportNumber', 'licenceNumber', 'nationalId'].map((name) => [name, '']),
    );
    expect(plan.entries.map((entry) => entry.item)).toEqual([
      {
        kind: 'login',
        favourite: true,
        urls: [
          { url: 'https://mail.example.com', match: 'origin' },
          { url: 'https://webmail.example.com', match: 'origin' },
        ],
        customFields: [
          // No one-time code reader in this target: the code stays, hidden.
          { name: 'One-time password (TOTP)', type: 'hidden', value: 'JBSWY3DPEHPK3PXP' },
          { name: 'recovery', type: 'hidden', value: 'r-1' },
          { name: 'Tags', type: 'text', value: 'work' },
        ],
        fields: {},
        expiry: null,
      },
      { kind: 'note', ...none, fields: {} },
      {
        kind: 'card',
        ...none,
        // The brand is read from the number; the PIN is kept hidden.
        customFields: [{ name: 'PIN', type: 'hidden', value: '0000' }],
        fields: { cardholder: 'Ana Lima', number: '4111111111111111', code: '123' },
        expiry: { month: 7, year: 2031 },
      },
      {
        kind: 'identity',
        ...none,
        customFields: [
          { name: 'Birth date', type: 'text', value: '2015-10-22' },
          { name: 'Address', type: 'text', value: '1 Road\nLondon\nN1\ngb' },
        ],
        fields: { ...emptyIdentity, firstName: 'Ana', lastName: 'Lima', company: 'Co', phone: '+44 1', email: 'ana@example.org' },
      },
      {
        kind: 'ssh',
        ...none,
        fields: { privateKey: '-----BEGIN PRIVATE KEY-----\nMC4\n-----END PRIVATE KEY-----\n', publicKey: 'ssh-ed25519 AAAA' },
      },
    ]);
    expect(plan.entries.filter((entry) => entry.notCarried !== undefined)).toEqual([]);
  });
});
