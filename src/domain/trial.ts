// The subscription a new account starts with (SPEC.md §4 "Trial"): 14 days of Unlimited, no card.

export const TRIAL_DAYS = 14;
export const MS_PER_DAY = 86_400_000;

export interface TrialSubscription {
  readonly id: null;
  readonly customerId: null;
  readonly status: 'trialing';
  readonly planId: 'unlimited';
  readonly planName: 'Unlimited';
  readonly currentPeriodStart: number;
  readonly currentPeriodEnd: number;
  readonly cancelAtPeriodEnd: true;
  readonly trialStart: number;
  readonly trialEnd: number;
  readonly isFreeTrialOnly: true;
  readonly updatedAt: number;
}

/** `now` in epoch milliseconds. */
export function newTrialSubscription(now: number): TrialSubscription {
  const end = now + TRIAL_DAYS * MS_PER_DAY;
  return {
    id: null,
    customerId: null,
    status: 'trialing',
    planId: 'unlimited',
    planName: 'Unlimited',
    currentPeriodStart: now,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: true,
    trialStart: now,
    trialEnd: end,
    isFreeTrialOnly: true,
    updatedAt: now,
  };
}
