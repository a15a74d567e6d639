// An in-memory stand-in for the billing callables (SPEC.md §7), shaped by the BillingCallables
// contract. The component tests run the real BillingService over it, so the screens see the
// same service code as in the app. Each call is recorded; a failure set for a callable rejects it.
import type { BillingCallables, BillingPlan, PlanCatalogue, SubscriptionRecord } from '@keyloft/contract/billing';
import { isInTrial, trialDaysLeft } from '@keyloft/contract/subscription';
import { MS_PER_DAY, newTrialSubscription } from '@keyloft/contract/trial';
import { createBillingService, type BillingService, type CheckoutAvailability } from '../../src/features/billing/billingService';

export const FREE_PLAN: BillingPlan = {
  id: 'free',
  name: 'Free',
  price: 0,
  currency: 'usd',
  interval: null,
  trialDays: 0,
  features: ['Read and export your saved passwords', 'Joined teams'],
  teamLimit: -1,
};

export const UNLIMITED_PLAN: BillingPlan = {
  id: 'unlimited',
  name: 'Unlimited',
  price: 999,
  currency: 'usd',
  interval: 'month',
  trialDays: 14,
  features: ['Unlimited passwords', 'Priority support'],
  teamLimit: -1,
};

export const CATALOGUE: PlanCatalogue = { free: FREE_PLAN, unlimited: UNLIMITED_PLAN };

/** A free-trial-only subscription started `daysAgo` days before `now`. */
export function trialSubscription(now: number, daysAgo: number): SubscriptionRecord {
  return newTrialSubscription(now - daysAgo * MS_PER_DAY);
}

/** A card-backed Unlimited subscription whose period ends `daysLeft` days after `now`. */
export function paidSubscription(now: number, { daysLeft = 20, cancelAtPeriodEnd = false } = {}): SubscriptionRecord {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    planId: 'unlimited',
    planName: 'Unlimited',
    currentPeriodStart: now - 10 * MS_PER_DAY,
    currentPeriodEnd: now + daysLeft * MS_PER_DAY,
    cancelAtPeriodEnd,
    trialStart: null,
    trialEnd: null,
    isFreeTrialOnly: false,
    updatedAt: now - 10 * MS_PER_DAY,
  };
}

/** What downgradeToFree leaves: the free plan, active, the customer kept. */
export function freeSubscription(now: number, customerId: string | null = null): SubscriptionRecord {
  return {
    id: null,
    customerId,
    status: 'active',
    planId: 'free',
    planName: 'Free',
    currentPeriodStart: now,
    currentPeriodEnd: now + 30 * MS_PER_DAY,
    cancelAtPeriodEnd: false,
    trialStart: null,
    trialEnd: null,
    isFreeTrialOnly: false,
    updatedAt: now,
  };
}

export interface BillingWorld {
  now: number;
  plans: PlanCatalogue;
  subscription: SubscriptionRecord;
  checkoutUrl: string | null;
  portalUrl: string | null;
  /** A callable listed here rejects with its error. */
  failures: Partial<Record<keyof BillingCallables, Error>>;
  calls: { name: keyof BillingCallables; payload: unknown }[];
  /** Subscriptions getSubscriptionStatus answers next, one per call, before `subscription`. */
  upcoming: SubscriptionRecord[];
}

export function billingWorld(now: number, subscription: SubscriptionRecord, overrides: Partial<BillingWorld> = {}): BillingWorld {
  return {
    now,
    plans: CATALOGUE,
    subscription,
    checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
    portalUrl: 'https://billing.stripe.com/p/session/test_1',
    failures: {},
    calls: [],
    upcoming: [],
    ...overrides,
  };
}

export function fakeBillingCallables(world: BillingWorld): BillingCallables {
  const run = async <T>(name: keyof BillingCallables, payload: unknown, answer: () => T): Promise<T> => {
    world.calls.push({ name, payload });
    await Promise.resolve();
    const failure = world.failures[name];
    if (failure) throw failure;
    return answer();
  };
  return {
    getSubscriptionPlans: (payload) => run('getSubscriptionPlans', payload, () => world.plans),
    getSubscriptionStatus: (payload) =>
      run('getSubscriptionStatus', payload, () => {
        const subscription = world.upcoming.shift() ?? world.subscription;
        const plan = world.plans[subscription.planId] ?? FREE_PLAN;
        return { subscription, plan, isInTrial: isInTrial(subscription, world.now), trialDaysLeft: trialDaysLeft(subscription, world.now) };
      }),
    createCheckoutSession: (payload) => run('createCheckoutSession', payload, () => ({ url: world.checkoutUrl })),
    createBillingPortalSession: (payload) => run('createBillingPortalSession', payload, () => ({ url: world.portalUrl })),
    downgradeToFree: (payload) =>
      run('downgradeToFree', payload, () => {
        world.subscription = freeSubscription(world.now, world.subscription.customerId);
        return { success: true as const };
      }),
  };
}

export function fakeBillingService(world: BillingWorld, availability: CheckoutAvailability = 'ready'): BillingService {
  return createBillingService({
    callables: fakeBillingCallables(world),
    checkoutAvailability: () => Promise.resolve(availability),
    now: () => world.now,
  });
}
