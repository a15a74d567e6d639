import { describe, expect, it } from 'vitest';
import { effectivePlanId, hasPaidAccess } from '@keyloft/contract/subscription';
import { freePlanRecord, statusFromStripe, subscriptionFromStripe } from '../../../src/billing/webhook/mapping';
import { CUSTOMER_ID, NOW, PERIOD_END, PERIOD_START, PRICE_UNLIMITED, SUB_ID, item, plans, subscription } from './fixtures';

// Stripe subscription → users/{uid}.subscription (SPEC.md §3), for every Stripe status.

describe('statusFromStripe', () => {
  it.each([
    ['trialing', 'trialing'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'unpaid'],
    ['incomplete', 'incomplete'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['paused', 'unpaid'],
  ])('%s → %s', (stripe, ours) => {
    expect(statusFromStripe(stripe)).toBe(ours);
  });

  it('refuses a status it does not know, and inherited property names', () => {
    expect(statusFromStripe('frozen')).toBeNull();
    expect(statusFromStripe('toString')).toBeNull();
  });
});

describe('subscriptionFromStripe', () => {
  it('maps an active subscription: plan from the price, period from the item in ms, ids, updatedAt = now', () => {
    expect(subscriptionFromStripe(subscription(), plans, NOW)).toEqual({
      kind: 'record',
      ended: false,
      record: {
        id: SUB_ID,
        customerId: CUSTOMER_ID,
        status: 'active',
        planId: 'unlimited',
        planName: 'Unlimited',
        currentPeriodStart: PERIOD_START * 1000,
        currentPeriodEnd: PERIOD_END * 1000,
        cancelAtPeriodEnd: false,
        trialStart: null,
        trialEnd: null,
        isFreeTrialOnly: false,
        updatedAt: NOW,
      },
    });
  });

  it.each(['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'paused'] as const)(
    'keeps the plan and period of a %s subscription',
    (status) => {
      const result = subscriptionFromStripe(subscription({ status }), plans, NOW);
      expect(result.kind).toBe('record');
      if (result.kind !== 'record') return;
      expect(result.ended).toBe(false);
      expect(result.record).toMatchObject({ id: SUB_ID, planId: 'unlimited', status: statusFromStripe(status) });
    },
  );

  it('grants paid access only to the statuses that should have it', () => {
    const access = (['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'paused'] as const).map((status) => {
      const result = subscriptionFromStripe(subscription({ status, trial_end: PERIOD_END }), plans, NOW);
      return [status, result.kind === 'record' && hasPaidAccess(result.record, NOW)];
    });
    expect(Object.fromEntries(access)).toEqual({
      trialing: true,
      active: true,
      past_due: true,
      unpaid: false,
      incomplete: false,
      paused: false,
    });
  });

  it('reads the period from the plan item, not from any other item', () => {
    const sub = subscription({
      items: {
        object: 'list',
        has_more: false,
        url: '/v1/subscription_items',
        data: [item('price_addon', 1, 2), item(PRICE_UNLIMITED)],
      },
    });
    const result = subscriptionFromStripe(sub, plans, NOW);
    expect(result).toMatchObject({ kind: 'record', record: { currentPeriodStart: PERIOD_START * 1000, currentPeriodEnd: PERIOD_END * 1000 } });
  });

  it('copies the trial dates in ms', () => {
    const result = subscriptionFromStripe(subscription({ status: 'trialing', trial_start: PERIOD_START, trial_end: PERIOD_END }), plans, NOW);
    expect(result).toMatchObject({
      kind: 'record',
      record: { status: 'trialing', trialStart: PERIOD_START * 1000, trialEnd: PERIOD_END * 1000, isFreeTrialOnly: false },
    });
  });

  it('says cancelAtPeriodEnd for cancel_at_period_end and for a cancel_at date', () => {
    expect(subscriptionFromStripe(subscription({ cancel_at_period_end: true }), plans, NOW)).toMatchObject({ record: { cancelAtPeriodEnd: true } });
    expect(subscriptionFromStripe(subscription({ cancel_at: PERIOD_END }), plans, NOW)).toMatchObject({ record: { cancelAtPeriodEnd: true } });
  });

  it('takes the customer id from an expanded customer', () => {
    const sub = subscription({ customer: { id: 'cus_expanded', object: 'customer' } as never });
    expect(subscriptionFromStripe(sub, plans, NOW)).toMatchObject({ record: { customerId: 'cus_expanded' } });
  });

  it('refuses a subscription whose price is unknown: it never grants access', () => {
    const sub = subscription({ items: { object: 'list', has_more: false, url: '/v1/subscription_items', data: [item('price_other')] } });
    expect(subscriptionFromStripe(sub, plans, NOW)).toEqual({ kind: 'refuse', reason: 'unknown-price', detail: 'price_other' });
  });

  it('refuses a subscription with no items', () => {
    const sub = subscription({ items: { object: 'list', has_more: false, url: '/v1/subscription_items', data: [] } });
    expect(subscriptionFromStripe(sub, plans, NOW)).toMatchObject({ kind: 'refuse', reason: 'unknown-price' });
  });

  it('refuses a subscription naming two different plans', () => {
    const twoPlans = (priceId: string) =>
      priceId === 'price_a' ? { planId: 'unlimited', planName: 'Unlimited' } : priceId === 'price_b' ? { planId: 'pro', planName: 'Pro' } : null;
    const sub = subscription({ items: { object: 'list', has_more: false, url: '/v1/subscription_items', data: [item('price_a'), item('price_b')] } });
    expect(subscriptionFromStripe(sub, twoPlans, NOW)).toMatchObject({ kind: 'refuse', reason: 'several-plans' });
  });

  it('refuses a status Stripe may add later', () => {
    expect(subscriptionFromStripe(subscription({ status: 'frozen' }), plans, NOW)).toEqual({ kind: 'refuse', reason: 'unknown-status', detail: 'frozen' });
  });

  it.each(['canceled', 'incomplete_expired'] as const)('records a %s subscription as the free plan, active, customer kept', (status) => {
    const sub = subscription({ status, canceled_at: PERIOD_START + 10, ended_at: PERIOD_START + 20 });
    const result = subscriptionFromStripe(sub, plans, NOW);
    expect(result).toEqual({ kind: 'record', ended: true, record: freePlanRecord(CUSTOMER_ID, (PERIOD_START + 20) * 1000, NOW) });
    if (result.kind !== 'record') return;
    expect(result.record).toMatchObject({ id: null, status: 'active', planId: 'free', planName: 'Free', cancelAtPeriodEnd: false });
    expect(hasPaidAccess(result.record, NOW)).toBe(false);
    expect(effectivePlanId(result.record, NOW)).toBe('free');
  });

  it('records an ended subscription even when its price is no longer known', () => {
    const sub = subscription({ status: 'canceled', ended_at: PERIOD_START, items: { object: 'list', has_more: false, url: '/x', data: [item('price_old')] } });
    expect(subscriptionFromStripe(sub, plans, NOW)).toMatchObject({ kind: 'record', ended: true, record: { planId: 'free' } });
  });

  it('dates the free plan by ended_at, then canceled_at, then now', () => {
    expect(subscriptionFromStripe(subscription({ status: 'canceled', canceled_at: PERIOD_START }), plans, NOW)).toMatchObject({
      record: { currentPeriodStart: PERIOD_START * 1000, currentPeriodEnd: PERIOD_START * 1000 },
    });
    expect(subscriptionFromStripe(subscription({ status: 'canceled' }), plans, NOW)).toMatchObject({
      record: { currentPeriodStart: NOW, currentPeriodEnd: NOW },
    });
  });
});
