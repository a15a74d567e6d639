import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { optionalBoolean, requireCaller, requireObject, requireString } from '../src/lib/callable';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof HttpsError ? error.code : 'not-an-HttpsError';
  }
  return undefined;
}

describe('requireCaller', () => {
  it('refuses an unauthenticated request', () => {
    expect(codeOf(() => requireCaller({ auth: undefined }))).toBe('unauthenticated');
  });

  it('returns the uid and the lower-cased, verified email', () => {
    const caller = requireCaller({
      auth: { uid: 'u1', rawToken: 't', token: { email: 'Ana@Example.COM', email_verified: true } as never },
    });
    expect(caller).toEqual({ uid: 'u1', email: 'ana@example.com', emailVerified: true });
  });

  it('treats a token without email as having none, unverified', () => {
    const caller = requireCaller({ auth: { uid: 'u2', rawToken: 't', token: {} as never } });
    expect(caller).toEqual({ uid: 'u2', email: null, emailVerified: false });
  });
});

describe('payload checks', () => {
  it('accepts an object or nothing, refuses arrays and scalars', () => {
    expect(requireObject({ a: 1 })).toEqual({ a: 1 });
    expect(requireObject(undefined)).toEqual({});
    expect(codeOf(() => requireObject([1]))).toBe('invalid-argument');
    expect(codeOf(() => requireObject('x'))).toBe('invalid-argument');
  });

  it('reads optional booleans strictly', () => {
    expect(optionalBoolean({ f: true }, 'f')).toBe(true);
    expect(optionalBoolean({}, 'f')).toBeUndefined();
    expect(codeOf(() => optionalBoolean({ f: 'true' }, 'f'))).toBe('invalid-argument');
  });

  it('requires non-blank strings within their limit', () => {
    expect(requireString({ s: 'abc' }, 's')).toBe('abc');
    expect(codeOf(() => requireString({ s: '  ' }, 's'))).toBe('invalid-argument');
    expect(codeOf(() => requireString({ s: 3 }, 's'))).toBe('invalid-argument');
    expect(codeOf(() => requireString({ s: 'abcd' }, 's', { maxLength: 3 }))).toBe('invalid-argument');
  });
});
