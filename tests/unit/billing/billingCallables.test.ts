import { describe } from 'vitest';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { billingCallableContract } from '../../contract/billingCallables.contract';
import { billingWorld, fakeBillingCallables, paidSubscription, trialSubscription } from '../../doubles/fakeBillingCallables';

// The billing callables' contract over the in-memory fake (the same suite runs against the deployed
// functions in tests/emulator/billing/callableContract.test.ts).

function account(subscription: SubscriptionRecord) {
  const world = billingWorld(Date.now(), subscription);
  return Promise.resolve({ callables: fakeBillingCallables(world), subscription: () => Promise.resolve(world.subscription) });
}

describe('the in-memory billing callables (the fake the billing screens are tested over)', () => {
  billingCallableContract(() =>
    Promise.resolve({
      trialUser: () => account(trialSubscription(Date.now(), 0)),
      paidUser: () => account(paidSubscription(Date.now())),
    }),
  );
});
