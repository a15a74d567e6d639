import { describe } from 'vitest';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { CallableError } from '../../../src/data/functions/callableError';
import { createBillingFunctions } from '../../../src/data/functions/billingFunctions';
import { billingCallableContract, type BillingAccount } from '../../contract/billingCallables.contract';
import { completeCheckout, idFromUrl } from '../../support/fakeStripe/client';
import { call, db, newUser, subscription, type TestUser } from '../teams/support';

// The billing callables' contract against the deployed functions and the fake Stripe server (the
// same suite runs over the in-memory fake in tests/unit/billing/billingCallables.test.ts). Every
// reply is read by the app's own wrapper, which holds it to its reply schema.

function accountOf(user: TestUser): BillingAccount {
  const callables = createBillingFunctions(async (name, data) => {
    const reply = await call(name, data, user);
    if (reply.error) throw new CallableError(reply.error.status.toLowerCase().replaceAll('_', '-'), reply.error.message);
    return reply.result;
  });
  const stored = async () => ((await db().collection('users').doc(user.uid).get()).get('subscription') as SubscriptionRecord | undefined) ?? null;
  return { callables, subscription: stored };
}

/** A user on the sign-up trial, as the app creates them. */
const trialUser = () => newUser('bill-trial', { subscription: { ...newTrialSubscription(Date.now()) } });

/** A user who paid: checkout, the fake Stripe completes it, and the record is written as the webhook would. */
async function paidUser(): Promise<TestUser> {
  const user = await trialUser();
  const checkout = await call<{ url: string | null }>('createCheckoutSession', { planId: 'unlimited' }, user);
  const completed = await completeCheckout(idFromUrl(checkout.result?.url));
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
  return user;
}

describe('the deployed billing callables', () => {
  billingCallableContract(() =>
    Promise.resolve({
      trialUser: async () => accountOf(await trialUser()),
      paidUser: async () => accountOf(await paidUser()),
    }),
  );
});
