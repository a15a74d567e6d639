// Issue #17 item 6: an event about a subscription Stripe no longer has used to answer 500 forever
// (the re-read failed with resource_missing, and Stripe resends for days). Now it is answered 200,
// noted in stripeEvents with why, and the user's subscription is left as it was.
import { describe, expect, it } from 'vitest';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { deliverEvent as deliver, stripeEvent } from '../../support/fakeStripe/webhook';
import { db, newUser } from '../teams/support';

describe('stripeWebhook and a subscription Stripe does not have (Functions emulator + fake Stripe)', () => {
  it('answers 200 skipped-missing-subscription, records why, changes nothing, and a resend is a duplicate', async () => {
    const trial = { ...newTrialSubscription(Date.now()) };
    const user = await newUser('webhook-missing', { subscription: trial });
    const missing = `sub_missing_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`;
    const evt = stripeEvent('customer.subscription.updated', { id: missing, object: 'subscription', status: 'active', metadata: { uid: user.uid } });

    expect(await deliver(evt)).toMatchObject({ status: 200, body: { received: true, outcome: 'skipped-missing-subscription' } });
    const noted = (await db().collection('stripeEvents').doc(evt.id).get()).data();
    expect(noted).toMatchObject({ type: 'customer.subscription.updated', outcome: 'skipped-missing-subscription', uid: null, subscriptionId: missing });
    expect((await db().collection('users').doc(user.uid).get()).get('subscription')).toEqual(trial);

    expect(await deliver(evt)).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
  });
});
