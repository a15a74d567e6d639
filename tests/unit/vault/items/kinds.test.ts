import { describe, expect, it } from 'vitest';
import { HIDDEN_FIELDS, ITEM_KINDS, emptyItem, loginFromEntry, type LoginItem } from '../../../../src/features/vault/items/kinds';
import type { PasswordEntry } from '../../../../src/features/vault/model';

// Issue #44: today's entries read as logins without being rewritten.

const entry: PasswordEntry = {
  id: 'e1',
  title: 'Bank',
  url: 'https://bank.example/login',
  notes: 'Card reader in the drawer',
  username: 'ana',
  password: 'correct horse',
  groupId: 'g1',
  createdAt: 1,
  updatedAt: 2,
  revision: 3,
  undecryptable: false,
  otp: 'otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Bank',
  passwordHistory: [{ password: 'old horse', replacedAt: 1_700_000_000_000 }],
};

describe('loginFromEntry', () => {
  it('reads every field of an opened entry, its url as one URL matched by origin', () => {
    const expected: LoginItem = {
      kind: 'login',
      title: 'Bank',
      notes: 'Card reader in the drawer',
      favourite: false,
      customFields: [],
      fields: {
        urls: [{ url: 'https://bank.example/login', match: 'origin' }],
        username: 'ana',
        password: 'correct horse',
        otp: 'otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Bank',
        history: [{ password: 'old horse', replacedAt: 1_700_000_000_000 }],
      },
    };
    expect(loginFromEntry(entry)).toEqual(expected);
  });

  it('reads an entry without url, notes, code or history as a login without them', () => {
    const bare: PasswordEntry = { ...entry, url: null, notes: null, otp: undefined, passwordHistory: undefined };
    const login = loginFromEntry(bare);
    expect(login.fields.urls).toEqual([]);
    expect(login.notes).toBe('');
    expect(login.fields.otp).toBeNull();
    expect(login.fields.history).toEqual([]);
  });

  it('keeps a bare host as it was typed (matching reads it as https) and drops a blank url', () => {
    expect(loginFromEntry({ ...entry, url: ' bank.example ' }).fields.urls).toEqual([{ url: 'bank.example', match: 'origin' }]);
    expect(loginFromEntry({ ...entry, url: '   ' }).fields.urls).toEqual([]);
  });
});

describe('emptyItem', () => {
  it.each(ITEM_KINDS)('starts a %s with no title, notes or custom fields, not a favourite', (kind) => {
    const item = emptyItem(kind);
    expect(item).toMatchObject({ kind, title: '', notes: '', favourite: false, customFields: [] });
  });

  it('gives each kind its own empty fields', () => {
    expect(emptyItem('login').fields).toEqual({ urls: [], username: '', password: '', otp: null, history: [] });
    expect(emptyItem('note').fields).toEqual({});
    expect(emptyItem('card').fields).toEqual({ cardholder: '', number: '', expiry: null, code: '' });
    expect(emptyItem('ssh').fields).toEqual({ privateKey: '', publicKey: '', fingerprint: '' });
    expect(Object.values(emptyItem('identity').fields)).toHaveLength(17);
    expect(Object.values(emptyItem('identity').fields).every((value) => value === '')).toBe(true);
  });
});

describe('HIDDEN_FIELDS', () => {
  it('masks the secrets of each kind until shown', () => {
    expect(HIDDEN_FIELDS).toEqual({
      login: ['password'],
      note: [],
      card: ['number', 'code'],
      identity: ['passportNumber', 'licenceNumber', 'nationalId'],
      ssh: ['privateKey'],
    });
  });
});
