import { describe, expect, it } from 'vitest';
import { deleteAccountReply, noArgumentsRequest } from '@keyloft/contract/callables/account';
import { sessionUrlReply } from '@keyloft/contract/callables/billing';
import { isBase64Url32, isCanonicalBase64 } from '@keyloft/contract/callables/fields';
import { lookupReply } from '@keyloft/contract/callables/invitations';
import { rotateTeamKeyReply } from '@keyloft/contract/callables/teams';

// The shared callable contract's own pieces; each callable's schemas are tested through the
// functions that parse with them (functions/test) and the wrappers (tests/unit/data, billing).

const base64Of = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('isCanonicalBase64 (without Node Buffer, as in the browser)', () => {
  it('takes the one padded spelling of exactly that many bytes', () => {
    expect(isCanonicalBase64(base64Of(new Uint8Array(60).fill(7)), 60)).toBe(true);
    expect(isCanonicalBase64(base64Of(new Uint8Array(32).fill(255)), 32)).toBe(true);
    expect(isCanonicalBase64(base64Of(new Uint8Array(31)), 32)).toBe(false);
    // 'AQ==' and 'AR==' decode alike; only the first is canonical.
    expect(isCanonicalBase64('AQ==', 1)).toBe(true);
    expect(isCanonicalBase64('AR==', 1)).toBe(false);
    expect(isCanonicalBase64('A Q=', 1)).toBe(false);
    expect(isCanonicalBase64(42, 1)).toBe(false);
  });

  it('isBase64Url32 takes 43 base64url characters whose unused bits are zero', () => {
    const secret = base64Of(new Uint8Array(32).fill(251)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
    expect(secret).toHaveLength(43);
    expect(isBase64Url32(secret)).toBe(true);
    expect(isBase64Url32(`${secret.slice(0, 42)}_`)).toBe(false);
    expect(isBase64Url32(`${secret}A`)).toBe(false);
    expect(isBase64Url32(secret.replace('-', '+'))).toBe(false);
  });
});

describe('reply schemas', () => {
  it('deleteAccount: a missing message reads as empty; anything but success true is refused', () => {
    expect(deleteAccountReply.parse({ success: true })).toEqual({ success: true, message: '' });
    expect(deleteAccountReply.parse({ success: true, message: 7 })).toEqual({ success: true, message: '' });
    expect(deleteAccountReply.safeParse({ success: false, message: 'x' }).success).toBe(false);
  });

  it('a session url is null when missing or empty, and only an https (or loopback http) page', () => {
    expect(sessionUrlReply.parse({})).toEqual({ url: null });
    expect(sessionUrlReply.parse({ url: '' })).toEqual({ url: null });
    expect(sessionUrlReply.parse({ url: 'https://checkout.stripe.com/x' })).toEqual({ url: 'https://checkout.stripe.com/x' });
    expect(sessionUrlReply.parse({ url: 'http://localhost:12111/x' })).toEqual({ url: 'http://localhost:12111/x' });
    expect(sessionUrlReply.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('rotateTeamKey and lookupInvitation replies keep only the contract fields', () => {
    expect(rotateTeamKeyReply.parse({ keyVersion: 3, committed: false, extra: 1 })).toEqual({ keyVersion: 3, committed: false });
    expect(lookupReply.parse({ email: 'a@b.c', teamName: 'Ops', accountExists: true, role: 'admin' })).toEqual({ email: 'a@b.c', teamName: 'Ops', accountExists: true });
  });
});

describe('noArgumentsRequest', () => {
  it('takes only nothing or an empty object', () => {
    for (const data of [undefined, null, {}]) expect(noArgumentsRequest.safeParse(data).success).toBe(true);
    for (const data of [[], 'x', 0, { confirm: false }]) expect(noArgumentsRequest.safeParse(data).success).toBe(false);
  });
});
