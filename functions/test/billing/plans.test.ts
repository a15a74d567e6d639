import { describe, expect, it } from 'vitest';
import { TEAM_LIMITS } from '@keyloft/contract/subscription';
import { TRIAL_DAYS } from '@keyloft/contract/trial';
import { FREE_PLAN, PLAN_CATALOGUE, UNLIMITED_PLAN, UNLIMITED_PRICE_CENTS, isPaidPlan, planById, stripePriceFor } from '../../src/billing/plans';
import { handleGetSubscriptionPlans } from '../../src/billing/getSubscriptionPlans';

describe('the plan catalogue', () => {
  it('has the free and unlimited plans, keyed by their ids', () => {
    expect(Object.keys(PLAN_CATALOGUE).sort()).toEqual(['free', 'unlimited']);
    for (const [id, plan] of Object.entries(PLAN_CATALOGUE)) expect(plan.id).toBe(id);
  });

  it('free: price 0, no interval, no trial', () => {
    expect(FREE_PLAN).toMatchObject({ id: 'free', name: 'Free', price: 0, currency: 'usd', interval: null, trialDays: 0 });
    expect(FREE_PLAN.features.length).toBeGreaterThan(0);
    expect(isPaidPlan(FREE_PLAN)).toBe(false);
  });

  it('unlimited: monthly, priced in cents, the 14-day trial, a feature list', () => {
    expect(UNLIMITED_PLAN).toMatchObject({ id: 'unlimited', name: 'Unlimited', price: UNLIMITED_PRICE_CENTS, currency: 'usd', interval: 'month' });
    expect(UNLIMITED_PLAN.trialDays).toBe(TRIAL_DAYS);
    expect(Number.isInteger(UNLIMITED_PLAN.price) && UNLIMITED_PLAN.price > 0).toBe(true);
    expect(UNLIMITED_PLAN.features).toContain('Unlimited passwords');
    expect(isPaidPlan(UNLIMITED_PLAN)).toBe(true);
  });

  it('carries the §9 team limit of each plan, from the one table the server enforces', () => {
    expect(FREE_PLAN.teamLimit).toBe(TEAM_LIMITS.free);
    expect(UNLIMITED_PLAN.teamLimit).toBe(TEAM_LIMITS.unlimited);
    expect(UNLIMITED_PLAN.teamLimit).toBe(-1);
    // The spec names two more plans; their limits are in the same table, ready for their catalogue entries.
    expect([TEAM_LIMITS.standard, TEAM_LIMITS.pro]).toEqual([10, 25]);
  });

  it('carries no Stripe price id: those stay on the server', () => {
    expect(JSON.stringify(PLAN_CATALOGUE)).not.toMatch(/price_/);
  });

  it('looks plans up by own id only', () => {
    expect(planById('unlimited')).toBe(UNLIMITED_PLAN);
    expect(planById('free')).toBe(FREE_PLAN);
    expect(planById('pro')).toBeNull();
    expect(planById('toString')).toBeNull();
    expect(planById('__proto__')).toBeNull();
  });

  it('takes the Stripe price of a paid plan from the configuration; none configured → null', () => {
    expect(stripePriceFor('unlimited', { unlimited: 'price_123' })).toBe('price_123');
    expect(stripePriceFor('unlimited', { unlimited: '  ' })).toBeNull();
    expect(stripePriceFor('unlimited', { unlimited: '' })).toBeNull();
    expect(stripePriceFor('free', { unlimited: 'price_123' })).toBeNull();
  });
});

describe('getSubscriptionPlans', () => {
  it('answers the catalogue to anyone, whatever the timestamp', () => {
    expect(handleGetSubscriptionPlans({ data: { timestamp: 1 } })).toBe(PLAN_CATALOGUE);
    expect(handleGetSubscriptionPlans({ data: undefined })).toBe(PLAN_CATALOGUE);
  });

  it('refuses a payload that is not an object', () => {
    expect(() => handleGetSubscriptionPlans({ data: 'x' })).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});
