import { describe, expect, it } from 'vitest';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { readSubscriptionRecord } from '../../src/billing/record';

const NOW = 1_800_000_000_000;

describe('readSubscriptionRecord', () => {
  it('reads the sign-up trial as stored', () => {
    const trial = newTrialSubscription(NOW);
    expect(readSubscriptionRecord(trial)).toEqual(trial);
  });

  it('has nothing for a missing, malformed or unknown-status subscription', () => {
    for (const value of [undefined, null, 'x', [], {}, { status: 'active' }, { planId: 'free' }, { status: 'weird', planId: 'free' }, { status: 'active', planId: '' }]) {
      expect(readSubscriptionRecord(value)).toBeNull();
    }
  });

  it('fills what is missing with safe values: no ids, no trial, not cancelling', () => {
    expect(readSubscriptionRecord({ status: 'active', planId: 'unlimited', currentPeriodStart: 5, id: '', customerId: 7, cancelAtPeriodEnd: 'yes' })).toEqual({
      id: null,
      customerId: null,
      status: 'active',
      planId: 'unlimited',
      planName: 'unlimited',
      currentPeriodStart: 5,
      currentPeriodEnd: 5,
      cancelAtPeriodEnd: false,
      trialStart: null,
      trialEnd: null,
      isFreeTrialOnly: false,
      updatedAt: 5,
    });
  });
});
