import { describe, expect, it } from 'vitest';
import { TEST_EMAILS_PER_HOUR } from '@keyloft/contract/emailChange';
import { decideTestEmail } from '../../src/testEmail/decide';

const NOW = 1_800_000_000_000;
const caller = { uid: 'u1', email: 'ana@example.com', emailVerified: true };

describe('decideTestEmail', () => {
  it('sends to the caller’s own verified address and counts it', () => {
    expect(decideTestEmail({ caller, email: ' Ana@Example.com', requests: [NOW - 4_000_000], now: NOW })).toEqual({
      kind: 'send',
      to: 'ana@example.com',
      requests: [NOW],
    });
  });

  it.each([
    ['another address', caller, 'bob@example.com'],
    ['an unverified address', { ...caller, emailVerified: false }, 'ana@example.com'],
    ['an account without an address', { ...caller, email: null }, 'ana@example.com'],
  ])('refuses %s', (_case, who, email) => {
    expect(decideTestEmail({ caller: who, email, requests: [], now: NOW })).toMatchObject({ kind: 'refuse', code: 'permission-denied' });
  });

  it('refuses past the hourly limit', () => {
    const requests = Array.from({ length: TEST_EMAILS_PER_HOUR }, () => NOW - 1000);
    expect(decideTestEmail({ caller, email: 'ana@example.com', requests, now: NOW })).toMatchObject({
      kind: 'refuse',
      code: 'resource-exhausted',
    });
  });
});
