import { describe, expect, it } from 'vitest';
import { createBillingFunctions } from '../../../src/data/functions/billingFunctions';
import { UnexpectedReplyError } from '../../../src/data/functions/teamFunctions';
import { CATALOGUE, paidSubscription, UNLIMITED_PLAN } from '../../doubles/fakeBillingCallables';

const NOW = Date.UTC(2027, 0, 15, 12);

function withReply(reply: unknown) {
  const calls: { name: string; data: unknown }[] = [];
  const functions = createBillingFunctions((name, data) => {
    calls.push({ name, data });
    return Promise.resolve(reply);
  });
  return { functions, calls };
}

const status = { subscription: paidSubscription(NOW), plan: UNLIMITED_PLAN, isInTrial: false, trialDaysLeft: 0 };

describe('createBillingFunctions: names and payloads (SPEC.md §7)', () => {
  it('getSubscriptionPlans sends the timestamp and reads the catalogue', async () => {
    const { functions, calls } = withReply(CATALOGUE);
    await expect(functions.getSubscriptionPlans({ timestamp: 5 })).resolves.toEqual(CATALOGUE);
    expect(calls).toEqual([{ name: 'getSubscriptionPlans', data: { timestamp: 5 } }]);
  });

  it('getSubscriptionStatus reads the subscription and plan', async () => {
    const { functions, calls } = withReply(status);
    await expect(functions.getSubscriptionStatus({})).resolves.toEqual(status);
    expect(calls).toEqual([{ name: 'getSubscriptionStatus', data: {} }]);
  });

  it('createCheckoutSession sends the plan id and reads the url', async () => {
    const { functions, calls } = withReply({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    await expect(functions.createCheckoutSession({ planId: 'unlimited' })).resolves.toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect(calls).toEqual([{ name: 'createCheckoutSession', data: { planId: 'unlimited' } }]);
  });

  it('createBillingPortalSession reads the url', async () => {
    const { functions, calls } = withReply({ url: 'https://billing.stripe.com/p/session/x' });
    await expect(functions.createBillingPortalSession({})).resolves.toEqual({ url: 'https://billing.stripe.com/p/session/x' });
    expect(calls[0]?.name).toBe('createBillingPortalSession');
  });

  it('downgradeToFree', async () => {
    const { functions, calls } = withReply(null);
    await expect(functions.downgradeToFree({})).resolves.toEqual({ success: true });
    expect(calls).toEqual([{ name: 'downgradeToFree', data: {} }]);
  });

  it('passes a refusal on as it is', async () => {
    const refusal = new Error('nope');
    const functions = createBillingFunctions(() => Promise.reject(refusal));
    await expect(functions.createCheckoutSession({ planId: 'unlimited' })).rejects.toBe(refusal);
  });
});

describe('createBillingFunctions: reply shapes', () => {
  it.each([
    ['no url', {}],
    ['a null url', { url: null }],
    ['an empty url', { url: '' }],
  ])('passes on %s as null for the screens to report', async (_, reply) => {
    await expect(withReply(reply).functions.createCheckoutSession({ planId: 'unlimited' })).resolves.toEqual({ url: null });
  });

  it.each([
    ['a javascript: url', { url: 'javascript:alert(1)' }],
    ['a plain-http url', { url: 'http://evil.example/pay' }],
    ['not a url', { url: 'checkout' }],
    ['a number', { url: 42 }],
    ['no object', 'https://checkout.stripe.com'],
  ])('refuses %s', async (_, reply) => {
    await expect(withReply(reply).functions.createBillingPortalSession({})).rejects.toBeInstanceOf(UnexpectedReplyError);
  });

  it('accepts http on the loopback (the local Stripe server of the test tiers)', async () => {
    await expect(withReply({ url: 'http://127.0.0.1:12111/pay' }).functions.createCheckoutSession({ planId: 'unlimited' })).resolves.toEqual({
      url: 'http://127.0.0.1:12111/pay',
    });
  });

  it.each([
    ['a plan under another key', { other: UNLIMITED_PLAN }],
    ['a price that is not a number', { unlimited: { ...UNLIMITED_PLAN, price: '9.99' } }],
    ['an unknown interval', { unlimited: { ...UNLIMITED_PLAN, interval: 'week' } }],
    ['features that are not text', { unlimited: { ...UNLIMITED_PLAN, features: [1] } }],
    ['no team limit', { unlimited: { ...UNLIMITED_PLAN, teamLimit: undefined } }],
    ['a team limit below -1', { unlimited: { ...UNLIMITED_PLAN, teamLimit: -2 } }],
    ['a fractional team limit', { unlimited: { ...UNLIMITED_PLAN, teamLimit: 2.5 } }],
    ['a list', [UNLIMITED_PLAN]],
  ])('refuses a catalogue with %s', async (_, reply) => {
    await expect(withReply(reply).functions.getSubscriptionPlans({ timestamp: 1 })).rejects.toBeInstanceOf(UnexpectedReplyError);
  });

  it.each([
    ['an unknown status', { ...status, subscription: { ...status.subscription, status: 'paused' } }],
    ['a missing period end', { ...status, subscription: { ...status.subscription, currentPeriodEnd: undefined } }],
    ['no plan', { ...status, plan: null }],
    ['no trial flag', { ...status, isInTrial: 'no' }],
  ])('refuses a status with %s', async (_, reply) => {
    await expect(withReply(reply).functions.getSubscriptionStatus({})).rejects.toBeInstanceOf(UnexpectedReplyError);
  });
});
