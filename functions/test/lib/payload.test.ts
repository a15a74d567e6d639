import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { NO_ARGUMENTS_MESSAGE, requireNoArguments } from '../../src/lib/payload';

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
