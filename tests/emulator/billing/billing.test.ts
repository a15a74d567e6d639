import type { PlanCatalogue, SubscriptionStatusResult } from '@keyloft/contract/billing';
import { describe, expect, it } from 'vitest';
import { handleCreateCheckoutSession } from '../../../functions/src/billing/createCheckoutSession';
import { BILLING_REFUSALS, CHECKOUT_IDEMPOTENCY_WINDOW_MS } from '../../../functions/src/billing/decide';
import type { BillingDeps } from '../../../functions/src/billing/deps';
import { createStripeClient } from '../../../functions/src/billing/stripeClient';
import {
  FAKE_STRIPE,
  FAKE_STRIPE_KEY,
  checkoutSession,
  completeCheckout,
  customer,
  customersByEmail,
  deleteCustomer,
  idFromUrl,
  portalSession,
  requests,
  subscription as stripeSubscription,
} from '../../support/fakeStripe/client';
import { call, db, newUser, refusal, type TestUser } from '../teams/support';
import { paidUser, trialUser } from './support';

// The five billing callables (docs/billing.md) deployed on the Functions emulator, against the
// Firestore emulator and the fake Stripe server that the test scripts run beside them.

const APP_URL = 'http://127.0.0.1:5173';
type Url = { url: string | null };


async function userSubscription(uid: string): Promise<Record<string, unknown>> {
  return (await db().collection('users').doc(uid).get()).get('subscription') as Record<string, unknown>;
}

async function storedCustomer(uid: string): Promise<string | undefined> {
  return (await db().collection('billingCustomers').doc(uid).get()).get('customerId') as string | undefined;
}

/** A clock the test moves, standing at the first millisecond of the current checkout idempotency window. */
function windowClock(): { now: () => number; advance: (ms: number) => void } {
  let time = Math.floor(Date.now() / CHECKOUT_IDEMPOTENCY_WINDOW_MS) * CHECKOUT_IDEMPOTENCY_WINDOW_MS;
  return { now: () => time, advance: (ms) => (time += ms) };
}

async function checkout(user: TestUser, planId = 'unlimited'): Promise<string> {
  const reply = await call<Url>('createCheckoutSession', { planId }, user);
  if (!reply.result?.url) throw new Error(`createCheckoutSession failed: ${JSON.stringify(reply.error)}`);
  return reply.result.url;
}


describe('getSubscriptionPlans', () => {
  it('answers the catalogue to anyone, signed in or not, without Stripe price ids', async () => {
    const reply = await call<PlanCatalogue>('getSubscriptionPlans', { timestamp: Date.now() });
    expect(reply.error).toBeUndefined();
    expect(Object.keys(reply.result ?? {}).sort()).toEqual(['free', 'unlimited']);
    expect(reply.result?.unlimited).toMatchObject({ id: 'unlimited', name: 'Unlimited', interval: 'month', trialDays: 14, currency: 'usd', teamLimit: -1 });
    expect(reply.result?.free).toMatchObject({ id: 'free', price: 0, interval: null, teamLimit: -1 });
    expect(JSON.stringify(reply.result)).not.toContain('price_test_unlimited');
  });
});

describe('getSubscriptionStatus', () => {
  it('refuses a caller who is not signed in', async () => {
    expect(refusal(await call('getSubscriptionStatus', {}))).toMatchObject({ status: 'UNAUTHENTICATED' });
  });

  it('answers the sign-up trial with the derived trial fields', async () => {
    const user = await trialUser('status-trial');
    const reply = await call<SubscriptionStatusResult>('getSubscriptionStatus', {}, user);
    expect(reply.result).toMatchObject({
      subscription: { status: 'trialing', planId: 'unlimited', isFreeTrialOnly: true, id: null, customerId: null },
      plan: { id: 'unlimited' },
      isInTrial: true,
      trialDaysLeft: 14,
    });
  });

  it('answers the free plan, active, for an account without a record', async () => {
    const user = await newUser('status-none', { record: false });
    const reply = await call<SubscriptionStatusResult>('getSubscriptionStatus', {}, user);
    expect(reply.result).toMatchObject({
      subscription: { status: 'active', planId: 'free', planName: 'Free', isFreeTrialOnly: false },
      plan: { id: 'free' },
      isInTrial: false,
      trialDaysLeft: 0,
    });
  });
});

describe('createCheckoutSession', () => {
  it("returns the fake's checkout URL for a subscription Checkout Session that names the user", async () => {
    const user = await trialUser('checkout');
    const url = await checkout(user);
    expect(url).toMatch(new RegExp(`^${FAKE_STRIPE}/checkout/cs_test_`));

    const session = await checkoutSession(idFromUrl(url));
    const customerId = await storedCustomer(user.uid);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.uid,
      customer: customerId,
      success_url: `${APP_URL}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/billing/cancel`,
      metadata: { uid: user.uid, planId: 'unlimited' },
    });
    // The customer is the server's: recorded in billingCustomers and mirrored on the subscription.
    expect(await customer(String(customerId))).toMatchObject({ email: user.email, metadata: { uid: user.uid } });
    expect(await userSubscription(user.uid)).toMatchObject({ customerId, status: 'trialing', isFreeTrialOnly: true });

    // The price is the configured one and no trial is added at checkout.
    const completed = await completeCheckout(idFromUrl(url));
    const sub = await stripeSubscription(completed.subscription);
    expect(sub).toMatchObject({ status: 'active', trial_end: null, metadata: { uid: user.uid, planId: 'unlimited' } });
    expect((sub.items as { data: { price: { id: string } }[] }).data[0]?.price.id).toBe('price_test_unlimited');
  });

  it('reuses the same customer on a later call, and one window of calls is one session (idempotency key)', async () => {
    const user = await trialUser('checkout-again');
    // The handler on an injected clock, so the calls share a window without waiting for one.
    const clock = windowClock();
    const checkoutNow = async () => {
      const { url } = await handleCreateCheckoutSession({ auth: authOf(user), data: { planId: 'unlimited' } }, testDeps({ now: clock.now }));
      if (!url) throw new Error('createCheckoutSession answered no url');
      return url;
    };
    const [first, second] = await Promise.all([checkoutNow(), checkoutNow()]);
    clock.advance(CHECKOUT_IDEMPOTENCY_WINDOW_MS - 1);
    const third = await checkoutNow();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(await customersByEmail(user.email)).toHaveLength(1);

    const keys = (await requests()).filter((r) => r.path === '/v1/checkout/sessions' && r.idempotencyKey?.includes(user.uid));
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys.map((r) => r.idempotencyKey)).size).toBe(1);

    // A session already paid for is not handed out again: a new window opens a new session, same customer.
    await completeCheckout(idFromUrl(first));
    const customerId = await storedCustomer(user.uid);
    clock.advance(1);
    const later = await checkoutNow();
    expect(later).not.toBe(first);
    expect((await checkoutSession(idFromUrl(later))).customer).toBe(customerId);
  });

  it('replaces a stored customer that was deleted in Stripe, and the checkout goes on with the new one', async () => {
    const user = await trialUser('checkout-gone');
    await checkout(user);
    const gone = await storedCustomer(user.uid);
    expect(gone).toMatch(/^cus_/);
    await deleteCustomer(gone!);

    const url = await checkout(user);
    const replacement = await storedCustomer(user.uid);
    expect(replacement).toMatch(/^cus_/);
    expect(replacement).not.toBe(gone);
    expect((await checkoutSession(idFromUrl(url))).customer).toBe(replacement);
    expect(await customer(replacement!)).toMatchObject({ email: user.email, metadata: { uid: user.uid } });
    expect((await userSubscription(user.uid)).customerId).toBe(replacement);
    // The replacement is reused from then on.
    await checkout(user);
    expect(await storedCustomer(user.uid)).toBe(replacement);
    expect(await customersByEmail(user.email)).toHaveLength(1);
  });

  it('refuses callers who are not signed in, unknown plans and the free plan', async () => {
    const user = await trialUser('checkout-refusals');
    expect(refusal(await call('createCheckoutSession', { planId: 'unlimited' }))).toMatchObject({ status: 'UNAUTHENTICATED' });
    expect(refusal(await call('createCheckoutSession', { planId: 'pro' }, user))).toEqual({ status: 'INVALID_ARGUMENT', message: BILLING_REFUSALS.unknownPlan });
    expect(refusal(await call('createCheckoutSession', { planId: 'free' }, user))).toEqual({
      status: 'INVALID_ARGUMENT',
      message: BILLING_REFUSALS.freePlanCheckout,
    });
    expect(refusal(await call('createCheckoutSession', {}, user))).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(await storedCustomer(user.uid)).toBeUndefined();
  });

  it('refuses a plan with no configured price (the handler with an empty STRIPE_PRICE_UNLIMITED)', async () => {
    const user = await trialUser('checkout-no-price');
    await expect(
      handleCreateCheckoutSession({ auth: authOf(user), data: { planId: 'unlimited' } }, testDeps({ prices: () => ({ unlimited: '' }) })),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: BILLING_REFUSALS.noPrice });
    expect(await storedCustomer(user.uid)).toBeUndefined();
  });

  it('refuses a second subscription while one is live', async () => {
    const { user } = await paidUser('checkout-paid');
    expect(refusal(await call('createCheckoutSession', { planId: 'unlimited' }, user))).toEqual({
      status: 'ALREADY_EXISTS',
      message: BILLING_REFUSALS.alreadySubscribed,
    });
  });
});

describe('createBillingPortalSession', () => {
  it('needs a billing account first', async () => {
    const user = await trialUser('portal-none');
    expect(refusal(await call('createBillingPortalSession', {}, user))).toEqual({ status: 'FAILED_PRECONDITION', message: BILLING_REFUSALS.noCustomer });
    expect(refusal(await call('createBillingPortalSession', {}))).toMatchObject({ status: 'UNAUTHENTICATED' });
  });

  it('says so when Stripe no longer has the stored customer', async () => {
    const user = await trialUser('portal-gone');
    await checkout(user);
    await deleteCustomer((await storedCustomer(user.uid))!);
    expect(refusal(await call('createBillingPortalSession', {}, user))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: BILLING_REFUSALS.customerGone,
    });
  });

  it("opens the portal for the user's stored customer, returning to /billing", async () => {
    const user = await trialUser('portal');
    await checkout(user);
    const reply = await call<Url>('createBillingPortalSession', {}, user);
    expect(reply.result?.url).toMatch(new RegExp(`^${FAKE_STRIPE}/portal/bps_`));
    expect(await portalSession(idFromUrl(reply.result?.url))).toMatchObject({
      customer: await storedCustomer(user.uid),
      return_url: `${APP_URL}/billing`,
    });
  });
});

describe('downgradeToFree', () => {
  it('ends the sign-up trial now: the free plan, active; again is a no-op', async () => {
    const user = await trialUser('downgrade-trial');
    const before = Date.now();
    expect((await call('downgradeToFree', {}, user)).result).toEqual({ success: true });
    const after = await userSubscription(user.uid);
    expect(after).toMatchObject({ id: null, planId: 'free', planName: 'Free', status: 'active', isFreeTrialOnly: false, cancelAtPeriodEnd: false });
    expect(after.trialEnd).toBeGreaterThanOrEqual(before);
    expect(after.currentPeriodStart).toBe(after.trialEnd);

    expect((await call('downgradeToFree', {}, user)).result).toEqual({ success: true });
    expect(await userSubscription(user.uid)).toEqual(after);
    const status = await call<SubscriptionStatusResult>('getSubscriptionStatus', {}, user);
    expect(status.result).toMatchObject({ plan: { id: 'free' }, isInTrial: false, trialDaysLeft: 0 });
  });

  it('cancels a paid subscription at the period end, at Stripe and on the record; again is a no-op', async () => {
    const { user, subscriptionId } = await paidUser('downgrade-paid');
    expect((await call('downgradeToFree', {}, user)).result).toEqual({ success: true });
    expect(await stripeSubscription(subscriptionId)).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    const after = await userSubscription(user.uid);
    expect(after).toMatchObject({ id: subscriptionId, planId: 'unlimited', status: 'active', cancelAtPeriodEnd: true });

    const updates = async () => (await requests()).filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`).length;
    const count = await updates();
    expect((await call('downgradeToFree', {}, user)).result).toEqual({ success: true });
    expect(await updates()).toBe(count);
  });

  it('refuses a caller who is not signed in', async () => {
    expect(refusal(await call('downgradeToFree', {}))).toMatchObject({ status: 'UNAUTHENTICATED' });
  });
});

/** The callable's auth as the handler sees it. */
function authOf(user: TestUser) {
  return { uid: user.uid, token: { email: user.email, email_verified: false }, rawToken: user.idToken } as never;
}

/** The handlers' deps over the test's firebase-admin app and the same fake Stripe server. */
function testDeps(overrides: Partial<BillingDeps> = {}): BillingDeps {
  return {
    db,
    stripe: () => createStripeClient({ secretKey: FAKE_STRIPE_KEY, host: '127.0.0.1', port: Number(new URL(FAKE_STRIPE).port), protocol: 'http' }),
    now: Date.now,
    appUrl: () => APP_URL,
    prices: () => ({ unlimited: 'price_test_unlimited' }),
    ...overrides,
  };
}
