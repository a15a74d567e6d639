import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NO_ARGUMENTS_MESSAGE, parsePayload, requireNoArguments } from '../../src/lib/payload';

function refusal(data: unknown): string {
  try {
    requireNoArguments(data);
  } catch (error) {
    return error instanceof HttpsError ? `${error.code}: ${error.message}` : 'not-an-HttpsError';
  }
  return 'accepted';
}

describe('requireNoArguments (deleteAccount, downgradeToFree, sendMasterPasswordChangeNotification)', () => {
  it('accepts only an absent or empty payload', () => {
    for (const data of [undefined, null, {}]) expect(refusal(data)).toBe('accepted');
  });

  it('refuses anything else with one clear invalid-argument, whatever was sent', () => {
    const junk = ['x', 'x'.repeat(10_000), Array.from({ length: 10_000 }, () => 1), [], 0, false, { confirm: false }, { planId: 'unlimited' }];
    for (const data of junk) expect(refusal(data)).toBe(`invalid-argument: ${NO_ARGUMENTS_MESSAGE}`);
  });
});

describe('parsePayload refuses text that is not well-formed UTF-16 (issue #17), naming the field', () => {
  const schema = z.looseObject({});
  function parseRefusal(data: unknown): string {
    try {
      parsePayload(schema, data);
    } catch (error) {
      return error instanceof HttpsError ? `${error.code}: ${error.message}` : 'not-an-HttpsError';
    }
    return 'accepted';
  }
  const broken = (field: string) => `invalid-argument: ${field} contains a broken character (half of an emoji or symbol). Retype that part and try again.`;

  it('a lone surrogate in a field, a nested field, an array item or a key', () => {
    expect(parseRefusal({ name: 'Ops \uD83D' })).toBe(broken('name'));
    expect(parseRefusal({ wraps: { bob: 'x\uDE00' } })).toBe(broken('wraps.bob'));
    expect(parseRefusal({ list: ['ok', '\uD800'] })).toBe(broken('list[1]'));
    expect(parseRefusal({ ['k\uD800']: 'v' })).toBe(broken('A field name of The request'));
  });

  it('lets well-formed text through to the schema, emoji included', () => {
    expect(parseRefusal({ name: 'Ops 🚀', nested: { list: ['東京', '😀'] } })).toBe('accepted');
  });
});
