import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGES_PER_HOUR, EMAIL_CHANGE_TTL_MS } from '@keyloft/contract/emailChange';
import {
  TOKEN_PATTERN,
  decideSendEmailChange,
  decideVerifyEmailChange,
  emailChangeLink,
  readEmailChange,
  tokenHash,
  type SendEmailChangeFacts,
  type StoredEmailChange,
} from '../../src/emailChange/decide';

const NOW = 1_800_000_000_000;

function sendFacts(overrides: Partial<SendEmailChangeFacts> = {}): SendEmailChangeFacts {
  return {
    caller: { uid: 'u1', email: 'ana@example.com' },
    newEmail: 'Ana.New@Example.com ',
    isDevelopment: false,
    onEmulator: false,
    appUrl: 'https://keyloft.app/',
    owner: null,
    requests: [],
    now: NOW,
    ...overrides,
  };
}

describe('decideSendEmailChange', () => {
  it('stores the normalised address with a one-hour expiry and counts the request', () => {
    const decision = decideSendEmailChange(sendFacts({ requests: [NOW - 2 * 3_600_000, NOW - 60_000] }));
    expect(decision).toEqual({
      kind: 'send',
      record: { uid: 'u1', newEmail: 'ana.new@example.com', createdAt: NOW, expiresAt: NOW + EMAIL_CHANGE_TTL_MS },
      requests: [NOW - 60_000, NOW],
      linkBase: 'https://keyloft.app',
    });
    expect(EMAIL_CHANGE_TTL_MS).toBe(3_600_000);
  });

  it.each([
    ['', 'Email address is required.'],
    ['   ', 'Email address is required.'],
    ['not-an-email', 'Please enter a valid email address.'],
    ['a@b', 'Please enter a valid email address.'],
    ['ANA@example.com', 'New email address must be different from current email.'],
  ])('refuses %j with the §5 message', (newEmail, message) => {
    expect(decideSendEmailChange(sendFacts({ newEmail }))).toEqual({ kind: 'refuse', code: 'invalid-argument', message });
  });

  it('refuses an address another account uses, but not the caller’s own account', () => {
    expect(decideSendEmailChange(sendFacts({ owner: { uid: 'u2' } }))).toMatchObject({ kind: 'refuse', code: 'already-exists' });
    expect(decideSendEmailChange(sendFacts({ owner: { uid: 'u1' } }))).toMatchObject({ kind: 'send' });
  });

  it('refuses past the hourly limit with resource-exhausted', () => {
    const requests = Array.from({ length: EMAIL_CHANGES_PER_HOUR }, (_, index) => NOW - index * 1000);
    expect(decideSendEmailChange(sendFacts({ requests }))).toEqual({
      kind: 'refuse',
      code: 'resource-exhausted',
      message: 'Too many email change requests. Please try again later.',
    });
  });

  it('points at the dev server only when asked for on the emulator', () => {
    expect(decideSendEmailChange(sendFacts({ isDevelopment: true, onEmulator: true }))).toMatchObject({ linkBase: 'http://127.0.0.1:5173' });
    expect(decideSendEmailChange(sendFacts({ isDevelopment: true, onEmulator: false }))).toMatchObject({ linkBase: 'https://keyloft.app' });
  });
});

describe('decideVerifyEmailChange', () => {
  const record: StoredEmailChange = { uid: 'u1', newEmail: 'new@example.com', createdAt: NOW, expiresAt: NOW + EMAIL_CHANGE_TTL_MS };
  const facts = { record, newEmail: 'new@example.com', owner: null, now: NOW + 1000 };

  it('applies a valid request', () => {
    expect(decideVerifyEmailChange(facts)).toEqual({ kind: 'apply', uid: 'u1', email: 'new@example.com' });
    expect(decideVerifyEmailChange({ ...facts, newEmail: ' NEW@example.com' })).toMatchObject({ kind: 'apply' });
    expect(decideVerifyEmailChange({ ...facts, owner: { uid: 'u1' } })).toMatchObject({ kind: 'apply' });
  });

  it('refuses an unknown or used token', () => {
    expect(decideVerifyEmailChange({ ...facts, record: null })).toMatchObject({ kind: 'refuse', code: 'not-found', discard: false });
  });

  it('refuses and discards an expired request, from the expiry instant on', () => {
    expect(decideVerifyEmailChange({ ...facts, now: record.expiresAt })).toMatchObject({
      kind: 'refuse',
      code: 'failed-precondition',
      discard: true,
    });
    expect(decideVerifyEmailChange({ ...facts, now: record.expiresAt - 1 })).toMatchObject({ kind: 'apply' });
  });

  it('refuses a link whose address was changed, keeping the request', () => {
    expect(decideVerifyEmailChange({ ...facts, newEmail: 'other@example.com' })).toMatchObject({
      kind: 'refuse',
      code: 'invalid-argument',
      discard: false,
    });
  });

  it('refuses an address another account took meanwhile', () => {
    expect(decideVerifyEmailChange({ ...facts, owner: { uid: 'u2' } })).toMatchObject({ kind: 'refuse', code: 'already-exists', discard: true });
  });
});

describe('tokens and links', () => {
  it('hashes with SHA-256 as hex (a known vector)', () => {
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('accepts only 43-character base64url tokens', () => {
    expect(TOKEN_PATTERN.test('A'.repeat(43))).toBe(true);
    expect(TOKEN_PATTERN.test(`${'A'.repeat(42)}=`)).toBe(false);
    expect(TOKEN_PATTERN.test('A'.repeat(44))).toBe(false);
  });

  it('builds the confirmation page link with both values encoded', () => {
    expect(emailChangeLink('https://keyloft.app', 'ab-_c', 'a+b@example.com')).toBe(
      'https://keyloft.app/verify-email-change?token=ab-_c&newEmail=a%2Bb%40example.com',
    );
  });

  it('reads only well-formed stored requests', () => {
    expect(readEmailChange({ uid: 'u1', newEmail: 'n@e.com', createdAt: 1, expiresAt: 2 })).toEqual({
      uid: 'u1',
      newEmail: 'n@e.com',
      createdAt: 1,
      expiresAt: 2,
    });
    expect(readEmailChange({ uid: 'u1', newEmail: 'n@e.com', createdAt: 1 })).toBeNull();
    expect(readEmailChange(undefined)).toBeNull();
  });
});
