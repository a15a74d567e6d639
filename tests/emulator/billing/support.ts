import { newTrialSubscription } from '@keyloft/contract/trial';
import { completeCheckout, idFromUrl } from '../../support/fakeStripe/client';
import { call, db, newUser, subscription, type TestUser } from '../teams/support';

// Billing accounts for the emulator tier: the deployed callables against the fake Stripe server.

/** A user on the sign-up trial, as the app creates them. */
export const trialUser = (label: string) => newUser(label, { subscription: { ...newTrialSubscription(Date.now()) } });

/** A user who paid: checkout, the fake Stripe completes it, and the subscription is written as the webhook would. */
export async function paidUser(label: string): Promise<{ user: TestUser; subscriptionId: string; customerId: string }> {
  const user = await trialUser(label);
  const checkout = await call<{ url: string | null }>('createCheckoutSession', { planId: 'unlimited' }, user);
  if (!checkout.result?.url) throw new Error(`createCheckoutSession failed: ${JSON.stringify(checkout.error)}`);
  const completed = await completeCheckout(idFromUrl(checkout.result.url));
  const now = Date.now();
  await db()
    .collection('users')
    .doc(user.uid)
    .update({
      subscription: {
        ...subscription('unlimited'),
        id: completed.subscription,
        customerId: completed.customer,
        planName: 'Unlimited',
        currentPeriodStart: now,
        currentPeriodEnd: now + 30 * 86_400_000,
      },
    });
  return { user, subscriptionId: completed.subscription, customerId: completed.customer };
}
