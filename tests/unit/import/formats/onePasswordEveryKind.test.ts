// Issue #44: a 1PUX holding an item of every kind (its layout from 1Password's documentation of the
// format: categories 001 login, 002 card, 003 note, 004 identity, 114 SSH key; section field
// values keyed by their type), planned into items: every value of every item, none in the notes.
import { describe, expect, it } from 'vitest';
import { onePassword1puxFormat } from '../../../../src/features/import/formats/onePassword1pux';
import { planImport } from '../../../../src/features/import/plan';
import { everyKindData, onePuxOf } from '../../../support/onePuxFiles';
import { fileOf } from '../importFixtures';

describe('1Password 1PUX: an item of every kind', () => {
  it('becomes an item of its kind, every value in its field, the rest custom fields', async () => {
    const bytes = onePuxOf(everyKindData());
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
