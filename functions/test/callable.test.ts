import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { requireCaller, requireObject } from '../src/lib/callable';
import { fieldOf, optionalFlag, parsePayload, requiredText } from '../src/lib/payload';

function refusal(run: () => unknown): { code: string; message: string } | 'accepted' {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpsError) return { code: error.code, message: error.message };
    throw error;
  }
  return 'accepted';
}

const invalid = (message: string) => ({ code: 'invalid-argument', message });

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

  it('reads optional flags strictly', () => {
    const flags = z.looseObject({ f: optionalFlag('f') });
    expect(parsePayload(flags, { f: true })).toEqual({ f: true });
    expect(parsePayload(flags, {})).toEqual({});
    expect(parsePayload(flags, undefined)).toEqual({});
    expect(refusal(() => parsePayload(flags, { f: 'true' }))).toEqual(invalid('f must be true or false.'));
    expect(refusal(() => parsePayload(flags, { f: null }))).toEqual(invalid('f must be true or false.'));
  });

  it('requires non-blank text within its limit, returned as sent', () => {
    const text = z.looseObject({ s: requiredText('s', 3) });
    expect(parsePayload(text, { s: ' ab' })).toEqual({ s: ' ab' });
    expect(refusal(() => parsePayload(text, { s: '  ' }))).toEqual(invalid('s is required.'));
    expect(refusal(() => parsePayload(text, { s: 3 }))).toEqual(invalid('s is required.'));
    expect(refusal(() => parsePayload(text, {}))).toEqual(invalid('s is required.'));
    expect(refusal(() => parsePayload(text, { s: 'abcd' }))).toEqual(invalid('s is too long.'));
  });

  it('refuses a payload that is not an object', () => {
    const text = z.looseObject({ s: requiredText('s', 3) });
    expect(refusal(() => parsePayload(text, ['a']))).toEqual(invalid('The request must be an object.'));
    expect(refusal(() => parsePayload(text, 'a'))).toEqual(invalid('The request must be an object.'));
  });

  it("names a strict schema's unknown fields before any bad value, and never repeats a value", () => {
    const strict = z.strictObject({ secret: fieldOf((value): value is string => value === 'right', 'secret is not the secret.') });
    expect(parsePayload(strict, { secret: 'right' })).toEqual({ secret: 'right' });
    expect(refusal(() => parsePayload(strict, { secret: 'hunter2', a: 1, b: 2 }))).toEqual(invalid('Unexpected field: a, b.'));
    expect(refusal(() => parsePayload(strict, { secret: 'hunter2' }))).toEqual(invalid('secret is not the secret.'));
    expect(refusal(() => parsePayload(strict, {}))).toEqual(invalid('secret is not the secret.'));
  });

  it('passes the other fields of a loose schema through untouched', () => {
    expect(parsePayload(z.looseObject({ s: requiredText('s', 3) }), { s: 'a', timestamp: 1 })).toEqual({ s: 'a', timestamp: 1 });
  });
});
