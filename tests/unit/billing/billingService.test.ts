import { describe, expect, it, vi } from 'vitest';
import { ASSUMED_FREE, createBillingService, MissingUrlError } from '../../../src/features/billing/billingService';
import { billingWorld, fakeBillingCallables, paidSubscription, trialSubscription } from '../../doubles/fakeBillingCallables';

const NOW = Date.UTC(2027, 0, 15, 12);

function service(world = billingWorld(NOW, paidSubscription(NOW))) {
  return { world, billing: createBillingService({ callables: fakeBillingCallables(world), checkoutAvailability: () => Promise.resolve('ready'), now: () => NOW }) };
}

/**
 * A trial user who once opened a checkout: the server made their Stripe customer (so the portal
 * opens), and they may check out (the server refuses a second checkout to a live subscriber).
 */
function trialWithCustomer() {
  return { ...trialSubscription(NOW, 3), customerId: 'cus_1' };
}

describe('createBillingService', () => {
  it('loads the plans (cheapest first, with a timestamp) and the subscription', async () => {
    const { billing, world } = service();
    const data = await billing.load();
    expect(data.plans.map((plan) => plan.id)).toEqual(['free', 'unlimited']);
    expect(data.current).toEqual({ subscription: world.subscription, hasCustomer: true, assumed: false });
    expect(world.calls.find((c) => c.name === 'getSubscriptionPlans')?.payload).toEqual({ timestamp: NOW });
  });

  it('falls back to the free plan when the subscription cannot be read (SPEC.md §4)', async () => {
    const { billing, world } = service();
    world.failures.getSubscriptionStatus = new Error('offline');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(billing.loadStatus()).resolves.toBe(ASSUMED_FREE);
    expect((await billing.load()).current).toBe(ASSUMED_FREE);
    expect(ASSUMED_FREE.subscription).toMatchObject({ planId: 'free', status: 'active' });
    log.mockRestore();
  });

  it('rejects the load when the plans cannot be read', async () => {
    const { billing, world } = service();
    world.failures.getSubscriptionPlans = new Error('offline');
    await expect(billing.load()).rejects.toThrow('offline');
  });

  it("turns a missing url into the §7 messages", async () => {
    const { billing, world } = service(billingWorld(NOW, trialWithCustomer()));
    world.checkoutUrl = null;
    world.portalUrl = null;
    await expect(billing.startCheckout('unlimited')).rejects.toEqual(new MissingUrlError('No checkout URL returned'));
    await expect(billing.openPortal()).rejects.toEqual(new MissingUrlError('No billing portal URL returned'));
  });

  it('hands back the urls and downgrades', async () => {
    const { billing, world } = service(billingWorld(NOW, trialWithCustomer()));
    await expect(billing.startCheckout('unlimited')).resolves.toBe(world.checkoutUrl);
    await expect(billing.openPortal()).resolves.toBe(world.portalUrl);
    await billing.downgrade();
    expect(world.subscription.planId).toBe('free');
  });
});
