import { describe, expect, it } from 'vitest';
import { ENTRY_SECRET_MAX_BYTES, FIELD_LIMITS } from '../../../../src/domain/fieldLimits';
import { emptyItem, type CustomField } from '../../../../src/features/vault/items/kinds';
import { ONE_TIME_CODE_ERRORS } from '../../../../src/features/vault/otp/oneTimeCode';
import { ITEM_FORM_MESSAGES, validateItem, type ItemDraft } from '../../../../src/features/vault/items/validateItem';
import {
  ECDSA_P256_PUBLIC,
  ED25519_ENCRYPTED_PRIVATE,
  ED25519_PRIVATE,
  ED25519_PUBLIC,
  RSA_PKCS8_PRIVATE,
} from '../../crypto/sshKeyFixtures';

// Issue #44: the messages an item form shows, field by field. Each kind starts from a valid
// draft, so every expectation below names exactly the errors one change causes.

const login: ItemDraft = {
  ...emptyItem('login'),
  title: 'Bank',
  fields: { urls: [{ url: 'bank.example', match: 'origin' }], username: 'ana', password: 'correct horse', otp: null, history: [] },
};
const card: ItemDraft = {
  ...emptyItem('card'),
  title: 'Visa',
  fields: { cardholder: 'Ana Lima', number: '4242 4242 4242 4242', expiry: '12/29', code: '123' },
};
const identity: ItemDraft = { ...emptyItem('identity'), title: 'Me', fields: { ...emptyItem('identity').fields, firstName: 'Ana', passportNumber: 'X1234567' } };
const ssh: ItemDraft = { ...emptyItem('ssh'), title: 'Deploy key', fields: { privateKey: ED25519_PRIVATE, publicKey: ED25519_PUBLIC, fingerprint: '' } };
const note: ItemDraft = { ...emptyItem('note'), title: 'Wi-Fi', notes: 'The password is on the router.' };

function withFields<T extends ItemDraft>(draft: T, fields: Partial<T['fields']>): T {
  return { ...draft, fields: { ...draft.fields, ...fields } };
}

describe('validateItem', () => {
  it.each([login, card, identity, ssh, note])('accepts a valid $kind', (draft) => {
    expect(validateItem(draft)).toEqual({});
  });

  it.each([login, card, identity, ssh, note])('requires a title on a $kind, as the password form does', (draft) => {
    expect(validateItem({ ...draft, title: '   ' })).toEqual({ title: 'Title is required' });
  });

  it('holds the title and notes to the stored limits, and refuses broken text', () => {
    expect(validateItem({ ...note, title: 'x'.repeat(FIELD_LIMITS.entryTitle) })).toEqual({});
    expect(validateItem({ ...note, title: 'x'.repeat(FIELD_LIMITS.entryTitle + 1) })).toEqual({ title: 'Title must be at most 500 characters' });
    expect(validateItem({ ...note, notes: 'x'.repeat(FIELD_LIMITS.entryNotes + 1) })).toEqual({ notes: 'Notes must be at most 10000 characters' });
    expect(validateItem({ ...note, title: 'Half \uD83D emoji' }).title).toMatch(/^Title contains a broken character/);
  });

  describe('login', () => {
    it('requires a username and a password (SPEC.md §5) within the sealed limit in bytes', () => {
      expect(validateItem(withFields(login, { username: ' ', password: '' }))).toEqual({ username: 'Username is required', password: 'Password is required' });
      expect(validateItem(withFields(login, { password: 'é'.repeat(ENTRY_SECRET_MAX_BYTES / 2) }))).toEqual({});
      expect(validateItem(withFields(login, { password: 'é'.repeat(ENTRY_SECRET_MAX_BYTES / 2 + 1) })).password).toMatch(/^Password must be at most 6116 bytes/);
    });

    it('names each URL that is not a web address by its place', () => {
      const urls = [
        { url: 'https://bank.example', match: 'site' as const },
        { url: 'javascript:alert(1)', match: 'origin' as const },
        { url: 'https://x.example/' + 'a'.repeat(FIELD_LIMITS.entryUrl), match: 'prefix' as const },
        { url: ' ', match: 'never' as const },
      ];
      expect(validateItem(withFields(login, { urls }))).toEqual({
        'urls.1': ITEM_FORM_MESSAGES.url,
        'urls.2': 'URL must be at most 2048 characters',
        'urls.3': ITEM_FORM_MESSAGES.url,
      });
    });

    it('takes a setup key or an otpauth link for the one-time code, and says what is wrong with others', () => {
      expect(validateItem(withFields(login, { otp: 'JBSWY3DPEHPK3PXP' }))).toEqual({});
      expect(validateItem(withFields(login, { otp: 'otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXP' }))).toEqual({});
      expect(validateItem(withFields(login, { otp: 'not a code!' }))).toEqual({ otp: ONE_TIME_CODE_ERRORS.secret });
      expect(validateItem(withFields(login, { otp: 'otpauth://hotp/Bank?secret=JBSWY3DPEHPK3PXP&counter=1' })).otp).toMatch(/counter-based/);
    });
  });

  describe('card', () => {
    it('asks to check a number whose check digit fails or that is not 12–19 digits', () => {
      for (const number of ['4242 4242 4242 4241', '4242', '4242 4242 4242 424x', '42424242424242424242']) {
        expect(validateItem(withFields(card, { number }))).toEqual({ number: 'Check the card number' });
      }
    });

    it('asks for the expiry as MM/YY when it cannot read it', () => {
      for (const expiry of ['13/29', 'next year', '12/1999']) {
        expect(validateItem(withFields(card, { expiry }))).toEqual({ expiry: 'Enter the expiry as MM/YY' });
      }
      expect(validateItem(withFields(card, { expiry: '2029-12' }))).toEqual({});
    });

    it('takes a security code of 3 or 4 digits', () => {
      expect(validateItem(withFields(card, { code: '1234' }))).toEqual({});
      for (const code of ['12', '12345', '12a']) expect(validateItem(withFields(card, { code }))).toEqual({ code: ITEM_FORM_MESSAGES.securityCode });
    });

    it('leaves every card field optional', () => {
      expect(validateItem(withFields(card, { cardholder: '', number: '', expiry: '', code: '' }))).toEqual({});
    });

    it('holds the cardholder to one line of text', () => {
      expect(validateItem(withFields(card, { cardholder: 'x'.repeat(501) }))).toEqual({ cardholder: 'Cardholder must be at most 500 characters' });
    });
  });

  it('holds identity fields to one line of text each, named in the message', () => {
    expect(validateItem(withFields(identity, { nationalId: '9'.repeat(501), city: 'x'.repeat(501) }))).toEqual({
      nationalId: 'National ID must be at most 500 characters',
      city: 'City must be at most 500 characters',
    });
  });

  describe('SSH key', () => {
    it('says a public key that does not parse is not an SSH public key', () => {
      for (const publicKey of ['ssh-ed25519 AAAA', 'hello', ED25519_PUBLIC.replace('ssh-ed25519', 'ssh-rsa')]) {
        expect(validateItem(withFields(ssh, { privateKey: '', publicKey }))).toEqual({ publicKey: 'Not an SSH public key' });
      }
    });

    it('says text that is not a private key file is not an SSH private key', () => {
      expect(validateItem(withFields(ssh, { privateKey: 'my key', publicKey: '' }))).toEqual({ privateKey: 'Not an SSH private key' });
    });

    it('takes a private key alone, a public key alone, an encrypted file or a PKCS#8 file', () => {
      expect(validateItem(withFields(ssh, { publicKey: '' }))).toEqual({});
      expect(validateItem(withFields(ssh, { privateKey: '' }))).toEqual({});
      expect(validateItem(withFields(ssh, { privateKey: ED25519_ENCRYPTED_PRIVATE, publicKey: '' }))).toEqual({});
      expect(validateItem(withFields(ssh, { privateKey: RSA_PKCS8_PRIVATE, publicKey: ECDSA_P256_PUBLIC }))).toEqual({});
    });

    it('refuses a public key that is not the one the private key file carries', () => {
      expect(validateItem(withFields(ssh, { publicKey: ECDSA_P256_PUBLIC }))).toEqual({ publicKey: ITEM_FORM_MESSAGES.keysDiffer });
      // The comment may differ: it is a label, not part of the key.
      expect(validateItem(withFields(ssh, { publicKey: `${ED25519_PUBLIC.split(' ').slice(0, 2).join(' ')} laptop` }))).toEqual({});
    });
  });

  describe('custom fields', () => {
    const fields = (...customFields: CustomField[]): ItemDraft => ({ ...note, customFields });

    it('takes text, hidden and yes/no fields on any kind', () => {
      const custom: CustomField[] = [
        { name: 'PIN', type: 'hidden', value: '1234' },
        { name: 'Branch', type: 'text', value: 'Centre' },
        { name: 'Joint account', type: 'boolean', value: true },
      ];
      for (const draft of [login, card, identity, ssh, note]) expect(validateItem({ ...draft, customFields: custom })).toEqual({});
    });

    it('requires a name of at most 100 characters, named by the field’s place', () => {
      expect(validateItem(fields({ name: 'PIN', type: 'text', value: '' }, { name: '  ', type: 'boolean', value: false }))).toEqual({
        'customFields.1.name': 'Field name is required',
      });
      expect(validateItem(fields({ name: 'n'.repeat(100), type: 'text', value: '' }))).toEqual({});
      expect(validateItem(fields({ name: 'n'.repeat(101), type: 'text', value: '' }))).toEqual({
        'customFields.0.name': 'Field name must be at most 100 characters',
      });
    });

    it('holds a text value to the notes limit and a hidden one to the secret limit in bytes', () => {
      expect(validateItem(fields({ name: 'Memo', type: 'text', value: 'x'.repeat(FIELD_LIMITS.entryNotes + 1) }))).toEqual({
        'customFields.0.value': 'Memo must be at most 10000 characters',
      });
      expect(validateItem(fields({ name: 'PIN', type: 'hidden', value: 'x'.repeat(ENTRY_SECRET_MAX_BYTES) }))).toEqual({});
      expect(validateItem(fields({ name: 'PIN', type: 'hidden', value: 'x'.repeat(ENTRY_SECRET_MAX_BYTES + 1) }))['customFields.0.value']).toMatch(
        /^PIN must be at most 6116 bytes/,
      );
    });
  });
});
