import { describe } from 'vitest';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { CallableError } from '../../../src/data/functions/callableError';
import { createBillingFunctions } from '../../../src/data/functions/billingFunctions';
import { billingCallableContract, type BillingAccount } from '../../contract/billingCallables.contract';
import { call, db, type TestUser } from '../teams/support';
import { paidUser, trialUser } from './support';

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

describe('the deployed billing callables', () => {
  billingCallableContract(() =>
    Promise.resolve({
      trialUser: async () => accountOf(await trialUser('bill-trial')),
      paidUser: async () => accountOf((await paidUser('bill-trial')).user),
    }),
  );
});
