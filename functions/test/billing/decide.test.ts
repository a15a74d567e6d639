import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { newTrialSubscription, MS_PER_DAY } from '@keyloft/contract/trial';
import {
  BILLING_REFUSALS,
  CHECKOUT_IDEMPOTENCY_WINDOW_MS,
  checkoutIdempotencyKey,
  customerIdempotencyKey,
  decideCheckout,
  decideDowngrade,
  decidePortal,
  storedCustomerUse,
  subscriptionStatus,
  type CheckoutFacts,
} from '../../src/billing/decide';
import { FREE_PLAN, UNLIMITED_PLAN } from '../../src/billing/plans';

const NOW = 1_800_000_000_000;

function paid(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    planId: 'unlimited',
    planName: 'Unlimited',
    currentPeriodStart: NOW - 10 * MS_PER_DAY,
    currentPeriodEnd: NOW + 20 * MS_PER_DAY,
    cancelAtPeriodEnd: false,
    trialStart: null,
    trialEnd: null,
    isFreeTrialOnly: false,
    updatedAt: NOW - 10 * MS_PER_DAY,
    ...overrides,
  };
}

const trial = (startedDaysAgo = 3): SubscriptionRecord => newTrialSubscription(NOW - startedDaysAgo * MS_PER_DAY);

function checkoutFacts(overrides: Partial<CheckoutFacts> = {}): CheckoutFacts {
  return { planId: 'unlimited', prices: { unlimited: 'price_u' }, subscription: trial(), appUrl: 'https://keyloft.app/', now: NOW, ...overrides };
}

describe('decideCheckout', () => {
  it('checks out a paid plan at its configured price, returning to the billing pages', () => {
    expect(decideCheckout(checkoutFacts())).toEqual({
      kind: 'checkout',
      plan: UNLIMITED_PLAN,
      priceId: 'price_u',
      successUrl: 'https://keyloft.app/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://keyloft.app/billing/cancel',
    });
  });

  it('refuses an unknown plan', () => {
    for (const planId of ['pro', 'enterprise', 'UNLIMITED', '__proto__', 'constructor']) {
      expect(decideCheckout(checkoutFacts({ planId }))).toEqual({ kind: 'refuse', code: 'invalid-argument', message: BILLING_REFUSALS.unknownPlan });
    }
  });

  it('refuses the free plan: it needs no checkout', () => {
    expect(decideCheckout(checkoutFacts({ planId: 'free' }))).toEqual({
      kind: 'refuse',
      code: 'invalid-argument',
      message: BILLING_REFUSALS.freePlanCheckout,
    });
  });

  it('refuses a paid plan without a configured price', () => {
    expect(decideCheckout(checkoutFacts({ prices: { unlimited: '' } }))).toEqual({
      kind: 'refuse',
      code: 'failed-precondition',
      message: BILLING_REFUSALS.noPrice,
    });
  });

  it('refuses a second subscription while a paid one is live (the portal changes it)', () => {
    for (const status of ['active', 'past_due'] as const) {
      expect(decideCheckout(checkoutFacts({ subscription: paid({ status }) }))).toMatchObject({ kind: 'refuse', code: 'already-exists' });
    }
  });

  it('lets users check out from the trial, the free plan, an ended or unpaid subscription, or no record', () => {
    const allowed = [
      trial(),
      trial(20),
      null,
      paid({ status: 'canceled' }),
      paid({ status: 'incomplete' }),
      paid({ status: 'unpaid' }),
      { ...paid(), id: null, planId: 'free', planName: 'Free' },
    ];
    for (const subscription of allowed) expect(decideCheckout(checkoutFacts({ subscription })).kind).toBe('checkout');
  });
});

describe('checkoutIdempotencyKey', () => {
  it('is the same within one window for one user, plan and customer, and differs otherwise', () => {
    const start = Math.floor(NOW / CHECKOUT_IDEMPOTENCY_WINDOW_MS) * CHECKOUT_IDEMPOTENCY_WINDOW_MS;
    const key = checkoutIdempotencyKey('u1', 'unlimited', 'cus_1', start);
    expect(checkoutIdempotencyKey('u1', 'unlimited', 'cus_1', start + CHECKOUT_IDEMPOTENCY_WINDOW_MS - 1)).toBe(key);
    expect(checkoutIdempotencyKey('u1', 'unlimited', 'cus_1', start + CHECKOUT_IDEMPOTENCY_WINDOW_MS)).not.toBe(key);
    expect(checkoutIdempotencyKey('u2', 'unlimited', 'cus_1', start)).not.toBe(key);
    expect(checkoutIdempotencyKey('u1', 'pro', 'cus_1', start)).not.toBe(key);
    // A replaced customer is a new session, not the gone customer's answer replayed.
    expect(checkoutIdempotencyKey('u1', 'unlimited', 'cus_2', start)).not.toBe(key);
    // Stripe allows keys up to 255 characters; Firebase uids have 28, Stripe customer ids 18.
    expect(checkoutIdempotencyKey('x'.repeat(28), 'unlimited', 'cus_' + 'x'.repeat(14), NOW).length).toBeLessThanOrEqual(255);
  });
});

describe('customerIdempotencyKey', () => {
  it('is one per user, and a replacement for a gone customer has its own', () => {
    expect(customerIdempotencyKey('u1')).toBe(customerIdempotencyKey('u1', null));
    expect(customerIdempotencyKey('u1')).not.toBe(customerIdempotencyKey('u2'));
    expect(customerIdempotencyKey('u1', 'cus_old')).not.toBe(customerIdempotencyKey('u1'));
    expect(customerIdempotencyKey('u1', 'cus_old')).not.toBe(customerIdempotencyKey('u1', 'cus_older'));
  });
});

describe('storedCustomerUse', () => {
  it('reuses a customer Stripe has, replaces one deleted or unknown to the account', () => {
    expect(storedCustomerUse({ kind: 'found', deleted: false })).toBe('reuse');
    expect(storedCustomerUse({ kind: 'found', deleted: true })).toBe('replace');
    expect(storedCustomerUse({ kind: 'error', code: 'resource_missing' })).toBe('replace');
  });

  it('fails on any other error, so an outage never makes a second customer', () => {
    for (const code of [undefined, 'rate_limit', 'api_key_expired', 'lock_timeout']) {
      expect(storedCustomerUse({ kind: 'error', code })).toBe('fail');
    }
  });
});

describe('decidePortal', () => {
  it('needs a stored customer', () => {
    expect(decidePortal(null, 'https://keyloft.app')).toEqual({ kind: 'refuse', code: 'failed-precondition', message: BILLING_REFUSALS.noCustomer });
    expect(BILLING_REFUSALS.noCustomer).toMatch(/^No billing account yet/);
  });

  it('returns to /billing', () => {
    expect(decidePortal('cus_1', 'https://keyloft.app//')).toEqual({ kind: 'portal', customerId: 'cus_1', returnUrl: 'https://keyloft.app/billing' });
  });
});

describe('decideDowngrade', () => {
  it('cancels a live paid subscription at the period end', () => {
    expect(decideDowngrade(paid(), NOW)).toEqual({ kind: 'cancel-at-period-end', subscriptionId: 'sub_1' });
    expect(decideDowngrade(paid({ status: 'past_due' }), NOW)).toEqual({ kind: 'cancel-at-period-end', subscriptionId: 'sub_1' });
    const cardTrial = paid({ status: 'trialing', trialStart: NOW - MS_PER_DAY, trialEnd: NOW + MS_PER_DAY });
    expect(decideDowngrade(cardTrial, NOW)).toEqual({ kind: 'cancel-at-period-end', subscriptionId: 'sub_1' });
  });

  it('does nothing more for one already cancelling (idempotent)', () => {
    expect(decideDowngrade(paid({ cancelAtPeriodEnd: true }), NOW)).toEqual({ kind: 'nothing' });
  });

  it('does nothing on the free plan, with no record, or for an ended Stripe subscription', () => {
    expect(decideDowngrade(null, NOW)).toEqual({ kind: 'nothing' });
    expect(decideDowngrade({ ...paid(), id: null, planId: 'free', planName: 'Free' }, NOW)).toEqual({ kind: 'nothing' });
    expect(decideDowngrade(paid({ status: 'canceled' }), NOW)).toEqual({ kind: 'nothing' });
    expect(decideDowngrade(paid({ status: 'unpaid' }), NOW)).toEqual({ kind: 'nothing' });
  });

  it('ends the sign-up trial now and writes the free plan', () => {
    const sub = trial(3);
    expect(decideDowngrade(sub, NOW)).toEqual({
      kind: 'write-free',
      record: {
        id: null,
        customerId: null,
        status: 'active',
        planId: 'free',
        planName: 'Free',
        currentPeriodStart: NOW,
        currentPeriodEnd: NOW,
        cancelAtPeriodEnd: false,
        trialStart: sub.trialStart,
        trialEnd: NOW,
        isFreeTrialOnly: false,
        updatedAt: NOW,
      },
    });
  });

  it('keeps a stored customer id and the trial dates of an expired trial', () => {
    const expired = { ...trial(20), customerId: 'cus_9' };
    const decision = decideDowngrade(expired, NOW);
    expect(decision).toMatchObject({ kind: 'write-free', record: { customerId: 'cus_9', trialEnd: expired.trialEnd, planId: 'free' } });
    // Applied once, the next call finds the free plan and does nothing.
    if (decision.kind !== 'write-free') throw new Error('expected write-free');
    expect(decideDowngrade(decision.record, NOW + 1)).toEqual({ kind: 'nothing' });
  });
});

describe('subscriptionStatus', () => {
  it('maps the sign-up trial with the shared rules: in trial, days left rounded up', () => {
    const sub = trial(3);
    expect(subscriptionStatus(sub, null, NOW + 1)).toEqual({ subscription: sub, plan: UNLIMITED_PLAN, isInTrial: true, trialDaysLeft: 11 });
    expect(subscriptionStatus(sub, null, NOW)).toMatchObject({ isInTrial: true, trialDaysLeft: 11 });
  });

  it('an expired trial is not in trial, 0 days left, still the recorded plan', () => {
    expect(subscriptionStatus(trial(15), null, NOW)).toMatchObject({ isInTrial: false, trialDaysLeft: 0, plan: UNLIMITED_PLAN });
  });

  it('a paid subscription is answered as stored', () => {
    const sub = paid();
    expect(subscriptionStatus(sub, 'cus_1', NOW)).toEqual({ subscription: sub, plan: UNLIMITED_PLAN, isInTrial: false, trialDaysLeft: 0 });
  });

  it('no usable record: the free plan, active, with the stored customer if there is one', () => {
    const result = subscriptionStatus(null, 'cus_7', NOW);
    expect(result).toEqual({
      subscription: {
        id: null,
        customerId: 'cus_7',
        status: 'active',
        planId: 'free',
        planName: 'Free',
        currentPeriodStart: NOW,
        currentPeriodEnd: NOW,
        cancelAtPeriodEnd: false,
        trialStart: null,
        trialEnd: null,
        isFreeTrialOnly: false,
        updatedAt: NOW,
      },
      plan: FREE_PLAN,
      isInTrial: false,
      trialDaysLeft: 0,
    });
  });

  it('fills a missing customer id from billingCustomers; a plan id the catalogue lacks shows the free plan', () => {
    expect(subscriptionStatus(trial(), 'cus_2', NOW).subscription.customerId).toBe('cus_2');
    expect(subscriptionStatus(paid({ planId: 'pro', planName: 'Pro' }), null, NOW).plan).toBe(FREE_PLAN);
  });
});
