// Checkout to webhook end to end (issue 11): the createCheckoutSession callable on the Functions
// emulator, the checkout "paid" in the fake Stripe server (tests/support/fakeStripe/), then signed
// events POSTed to the real stripeWebhook, which re-reads the subscription from the fake and writes
// users/{uid}.subscription in the Firestore emulator. Signed with STRIPE_WEBHOOK_SECRET from
// functions/.secret.local, the value the emulator gives the function.
import { describe, expect, it } from 'vitest';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { FAKE_STRIPE, completeCheckout, idFromUrl, subscription as stripeSubscription } from '../../support/fakeStripe/client';
import { cancelAtPeriodEnd, checkoutSessionObject, deliverEvent as deliver, endSubscription, stripeEvent } from '../../support/fakeStripe/webhook';
import { call, db, newUser, type TestUser } from '../teams/support';

type Json = Record<string, unknown>;

async function userSubscription(uid: string): Promise<Json> {
  return (await db().collection('users').doc(uid).get()).get('subscription') as Json;
}

async function checkoutUrl(user: TestUser): Promise<string> {
  const reply = await call<{ url: string | null }>('createCheckoutSession', { planId: 'unlimited' }, user);
  if (!reply.result?.url) throw new Error(`createCheckoutSession failed: ${JSON.stringify(reply.error)}`);
  return reply.result.url;
}

describe('checkout → stripeWebhook → users/{uid}.subscription (Functions emulator + fake Stripe)', () => {
  it('a paid checkout, a replay, a portal-style cancel and the end of the subscription', async () => {
    const user = await newUser('webhook-flow', { subscription: { ...newTrialSubscription(Date.now()) } });
    const url = await checkoutUrl(user);
    expect(url).toMatch(new RegExp(`^${FAKE_STRIPE}/checkout/cs_test_`));

    // The customer pays: the fake gives the session's customer an active subscription.
    const completed = await completeCheckout(idFromUrl(url));
    const session = await checkoutSessionObject(completed.id as string);
    expect(session).toMatchObject({ status: 'complete', mode: 'subscription', client_reference_id: user.uid });

    // Stripe sends checkout.session.completed; the webhook re-reads the subscription from the fake.
    const paid = stripeEvent('checkout.session.completed', session);
    expect(await deliver(paid)).toEqual({ status: 200, body: expect.objectContaining({ outcome: 'applied' }) as unknown });
    const live = await stripeSubscription(completed.subscription);
    const period = (live.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0];
    const afterCheckout = await userSubscription(user.uid);
    expect(afterCheckout).toMatchObject({
      planId: 'unlimited',
      planName: 'Unlimited',
      status: 'active',
      id: completed.subscription,
      customerId: completed.customer,
      isFreeTrialOnly: false,
      cancelAtPeriodEnd: false,
      trialStart: null,
      trialEnd: null,
      currentPeriodStart: (period?.current_period_start ?? 0) * 1000,
      currentPeriodEnd: (period?.current_period_end ?? 0) * 1000,
    });
    expect((await db().collection('stripeEvents').doc(paid.id).get()).get('outcome')).toBe('applied');

    // The same event again (Stripe retries, or a resend): answered as a duplicate, nothing changes.
    expect(await deliver(paid)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(await userSubscription(user.uid)).toEqual(afterCheckout);

    // The customer cancels in the portal: Stripe sets cancel_at_period_end and sends
    // customer.subscription.updated.
    const cancelling = await cancelAtPeriodEnd(completed.subscription);
    expect(cancelling).toMatchObject({ cancel_at_period_end: true });
    expect(await deliver(stripeEvent('customer.subscription.updated', cancelling))).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(await userSubscription(user.uid)).toMatchObject({
      planId: 'unlimited',
      status: 'active',
      id: completed.subscription,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: afterCheckout.currentPeriodEnd,
    });

    // The period ends: Stripe cancels the subscription and sends customer.subscription.deleted.
    const ended = await endSubscription(completed.subscription);
    expect(ended).toMatchObject({ status: 'canceled' });
    expect(await deliver(stripeEvent('customer.subscription.deleted', ended))).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(await userSubscription(user.uid)).toMatchObject({
      planId: 'free',
      planName: 'Free',
      status: 'active',
      id: null,
      customerId: completed.customer,
      cancelAtPeriodEnd: false,
      isFreeTrialOnly: false,
      trialStart: null,
      trialEnd: null,
    });
  }, 60_000);

  it('a checkout.session.completed signed with another secret changes nothing (400)', async () => {
    const user = await newUser('webhook-flow-bad', { subscription: { ...newTrialSubscription(Date.now()) } });
    const completed = await completeCheckout(idFromUrl(await checkoutUrl(user)));
    const before = await userSubscription(user.uid);
    const event = stripeEvent('checkout.session.completed', await checkoutSessionObject(completed.id as string));
    expect(await deliver(event, 'whsec_not_the_endpoints')).toMatchObject({ status: 400 });
    expect(await userSubscription(user.uid)).toEqual(before);
    expect((await db().collection('stripeEvents').doc(event.id).get()).exists).toBe(false);
  }, 30_000);
});
