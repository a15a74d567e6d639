// sendTestEmailFunction's decision: operators check the mail set-up by mailing themselves, and
// only themselves (a callable that mails any address would be a spam relay).
import { TEST_EMAILS_PER_HOUR } from '@keyloft/contract/emailChange';
import { normalizeEmail } from '@keyloft/contract/invitations';
import { withinWindow } from '../lib/rateLimit';
import type { Caller } from '../lib/callable';

const HOUR_MS = 3_600_000;

export const TEST_EMAIL_MESSAGES = Object.freeze({
  notOwn: 'Test emails can only be sent to your own verified email address.',
  tooMany: 'Too many test emails. Please try again later.',
  sendFailed: 'Failed to send the test email. Please try again.',
});

/** rateLimits/{key} of one user's test emails (server only). */
export const testEmailRateKey = (uid: string): string => `test-email-by-${uid}`;

export type TestEmailDecision =
  | { readonly kind: 'refuse'; readonly code: 'permission-denied' | 'resource-exhausted'; readonly message: string }
  | { readonly kind: 'send'; readonly to: string; readonly requests: readonly number[] };

/** Whether `email` is the caller's own address, verified; checked before anything is loaded. */
export function isOwnVerifiedAddress(caller: Caller, email: string): boolean {
  return caller.emailVerified && caller.email !== null && normalizeEmail(caller.email) === normalizeEmail(email);
}

export function decideTestEmail(facts: {
  readonly caller: Caller;
  readonly email: string;
  readonly requests: readonly number[];
  readonly now: number;
}): TestEmailDecision {
  if (!isOwnVerifiedAddress(facts.caller, facts.email)) {
    return { kind: 'refuse', code: 'permission-denied', message: TEST_EMAIL_MESSAGES.notOwn };
  }
  const requests = withinWindow(facts.requests, facts.now, HOUR_MS);
  if (requests.length >= TEST_EMAILS_PER_HOUR) return { kind: 'refuse', code: 'resource-exhausted', message: TEST_EMAIL_MESSAGES.tooMany };
  return { kind: 'send', to: normalizeEmail(facts.email), requests: [...requests, facts.now] };
}
