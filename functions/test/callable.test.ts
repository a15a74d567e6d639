import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ACCOUNT_DELETED, refuseDeletedCaller, requireCaller, requireObject } from '../src/lib/callable';
import { fieldOf, optionalFlag, parsePayload, requiredText } from '../src/lib/payload';
import { invalid, refusalOf } from './support/refusal';

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

describe('refuseDeletedCaller', () => {
  it('refuses a deleted account with a message that says so, and lets any other through', () => {
    expect(codeOf(() => {
      refuseDeletedCaller(true);
    })).toBe('permission-denied');
    expect(() => {
      refuseDeletedCaller(true);
    }).toThrow(ACCOUNT_DELETED);
    expect(ACCOUNT_DELETED).toBe('This account has been deleted.');
    expect(codeOf(() => {
      refuseDeletedCaller(false);
    })).toBeUndefined();
  });
});

describe('payload checks', () => {
  it('accepts an object or nothing, refuses arrays and scalars', () => {
    expect(requireObject({ a: 1 })).toEqual({ a: 1 });
    expect(requireObject(undefined)).toEqual({});
    expect(codeOf(() => requireObject([1]))).toBe('invalid-argument');
    expect(codeOf(() => requireObject('x'))).toBe('invalid-argument');
  });

  it('reads optional flags strictly', () => {
    const flags = z.looseObject({ f: optionalFlag('f') });
    expect(parsePayload(flags, { f: true })).toEqual({ f: true });
    expect(parsePayload(flags, {})).toEqual({});
    expect(parsePayload(flags, undefined)).toEqual({});
    expect(refusalOf(() => parsePayload(flags, { f: 'true' }))).toEqual(invalid('f must be true or false.'));
    expect(refusalOf(() => parsePayload(flags, { f: null }))).toEqual(invalid('f must be true or false.'));
  });

  it('requires non-blank text within its limit, returned as sent', () => {
    const text = z.looseObject({ s: requiredText('s', 3) });
    expect(parsePayload(text, { s: ' ab' })).toEqual({ s: ' ab' });
    expect(refusalOf(() => parsePayload(text, { s: '  ' }))).toEqual(invalid('s is required.'));
    expect(refusalOf(() => parsePayload(text, { s: 3 }))).toEqual(invalid('s is required.'));
    expect(refusalOf(() => parsePayload(text, {}))).toEqual(invalid('s is required.'));
    expect(refusalOf(() => parsePayload(text, { s: 'abcd' }))).toEqual(invalid('s is too long.'));
  });

  it('refuses a payload that is not an object', () => {
    const text = z.looseObject({ s: requiredText('s', 3) });
    expect(refusalOf(() => parsePayload(text, ['a']))).toEqual(invalid('The request must be an object.'));
    expect(refusalOf(() => parsePayload(text, 'a'))).toEqual(invalid('The request must be an object.'));
  });

  it("names a strict schema's unknown fields before any bad value, and never repeats a value", () => {
    const strict = z.strictObject({ secret: fieldOf((value): value is string => value === 'right', 'secret is not the secret.') });
    expect(parsePayload(strict, { secret: 'right' })).toEqual({ secret: 'right' });
    expect(refusalOf(() => parsePayload(strict, { secret: 'hunter2', a: 1, b: 2 }))).toEqual(invalid('Unexpected field: a, b.'));
    expect(refusalOf(() => parsePayload(strict, { secret: 'hunter2' }))).toEqual(invalid('secret is not the secret.'));
    expect(refusalOf(() => parsePayload(strict, {}))).toEqual(invalid('secret is not the secret.'));
  });

  it('passes the other fields of a loose schema through untouched', () => {
    expect(parsePayload(z.looseObject({ s: requiredText('s', 3) }), { s: 'a', timestamp: 1 })).toEqual({ s: 'a', timestamp: 1 });
  });
});
