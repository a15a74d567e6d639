// One behaviour for the billing callables (SPEC.md §7, docs/billing.md), run against the in-memory
// fake the billing screens are tested over (tests/unit/billing/billingCallables.test.ts) and
// against the deployed functions with the fake Stripe server (tests/emulator/billing/
// callableContract.test.ts), so the fake cannot drift from the server: what the status says, who
// may check out or open the portal, what a downgrade does, with the server's own messages. The
// plan catalogue is configuration, not a decision; only its plans are compared.
import { describe, expect, it } from 'vitest';
import type { BillingCallables, SubscriptionRecord } from '@keyloft/contract/billing';
import { TRIAL_DAYS } from '@keyloft/contract/trial';
import { BILLING_REFUSALS } from '../../functions/src/billing/decide';

export interface BillingAccount {
  /** The billing callables as this signed-in user calls them. */
  readonly callables: BillingCallables;
  /** users/{uid}.subscription as stored now. */
  subscription(): Promise<SubscriptionRecord | null>;
}

export interface BillingCallableWorld {
  /** A user on the sign-up trial started just now, without a Stripe customer. */
  trialUser(): Promise<BillingAccount>;
  /** A user who paid: a live Unlimited subscription at Stripe, recorded as the webhook would. */
  paidUser(): Promise<BillingAccount>;
}

export function billingCallableContract(makeWorld: () => Promise<BillingCallableWorld>): void {
  describe('billing callables contract', () => {
    it('answers the free and Unlimited plans', async () => {
      const { callables } = await (await makeWorld()).trialUser();
      const plans = await callables.getSubscriptionPlans({ timestamp: Date.now() });
      expect(Object.keys(plans).sort()).toEqual(['free', 'unlimited']);
      expect(plans.free).toMatchObject({ id: 'free', price: 0, interval: null });
      expect(plans.unlimited).toMatchObject({ id: 'unlimited', interval: 'month', trialDays: TRIAL_DAYS });
    });

    it('the sign-up trial: Unlimited, in its trial with every day left', async () => {
      const { callables } = await (await makeWorld()).trialUser();
      const status = await callables.getSubscriptionStatus({});
      expect(status).toMatchObject({ isInTrial: true, trialDaysLeft: TRIAL_DAYS });
      expect([status.subscription.planId, status.subscription.status, status.plan.id]).toEqual(['unlimited', 'trialing', 'unlimited']);
    });

    it('a trial user needs a billing account for the portal; a checkout makes one, and then the portal opens', async () => {
      const account = await (await makeWorld()).trialUser();
      await expect(account.callables.createBillingPortalSession({})).rejects.toThrow(BILLING_REFUSALS.noCustomer);
      expect((await account.callables.createCheckoutSession({ planId: 'unlimited' })).url).toMatch(/^https?:\/\//);
      expect((await account.subscription())?.customerId).toEqual(expect.any(String));
      expect((await account.callables.createBillingPortalSession({})).url).toMatch(/^https?:\/\//);
    });

    it('refuses a checkout of an unknown plan or of the free plan', async () => {
      const { callables } = await (await makeWorld()).trialUser();
      await expect(callables.createCheckoutSession({ planId: 'platinum' })).rejects.toThrow(BILLING_REFUSALS.unknownPlan);
      await expect(callables.createCheckoutSession({ planId: 'free' })).rejects.toThrow(BILLING_REFUSALS.freePlanCheckout);
    });

    it('a trial user who downgrades is on the free plan at once; again changes nothing', async () => {
      const account = await (await makeWorld()).trialUser();
      await expect(account.callables.downgradeToFree({})).resolves.toEqual({ success: true });
      const free = await account.subscription();
      expect(free).toMatchObject({ planId: 'free', status: 'active' });
      await account.callables.downgradeToFree({});
      expect(await account.subscription()).toEqual(free);
      expect((await account.callables.getSubscriptionStatus({})).isInTrial).toBe(false);
    });

    it('a paid user is refused a second subscription, opens the portal, and a downgrade cancels at the period end', async () => {
      const account = await (await makeWorld()).paidUser();
      await expect(account.callables.createCheckoutSession({ planId: 'unlimited' })).rejects.toThrow(BILLING_REFUSALS.alreadySubscribed);
      expect((await account.callables.createBillingPortalSession({})).url).toMatch(/^https?:\/\//);
      await account.callables.downgradeToFree({});
      expect(await account.subscription()).toMatchObject({ planId: 'unlimited', status: 'active', cancelAtPeriodEnd: true });
      await account.callables.downgradeToFree({});
      expect(await account.subscription()).toMatchObject({ planId: 'unlimited', cancelAtPeriodEnd: true });
    });
  });
}
