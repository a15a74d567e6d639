import { describe, expect, it } from 'vitest';
import { noticeState, parseNotice } from '@keyloft/contract/navigationNotice';
import { MS_PER_DAY, newTrialSubscription, TRIAL_DAYS } from '@keyloft/contract/trial';

describe('the trial a new account starts with (SPEC.md §4)', () => {
  it('is 14 days of Unlimited, trial-only, ending by itself', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(newTrialSubscription(now)).toEqual({
      id: null,
      customerId: null,
      status: 'trialing',
      planId: 'unlimited',
      planName: 'Unlimited',
      currentPeriodStart: now,
      currentPeriodEnd: now + 14 * 86_400_000,
      cancelAtPeriodEnd: true,
      trialStart: now,
      trialEnd: now + 14 * 86_400_000,
      isFreeTrialOnly: true,
      updatedAt: now,
    });
    expect(TRIAL_DAYS).toBe(14);
    expect(MS_PER_DAY).toBe(86_400_000);
  });
});

describe('navigation notices', () => {
  it('round-trips a notice and ignores anything else', () => {
    expect(parseNotice(noticeState('Verification email sent!'))).toBe('Verification email sent!');
    expect(parseNotice(null)).toBeNull();
    expect(parseNotice({ notice: 3 })).toBeNull();
    expect(parseNotice({ notice: '  ' })).toBeNull();
    expect(parseNotice('Verification email sent!')).toBeNull();
  });
});
