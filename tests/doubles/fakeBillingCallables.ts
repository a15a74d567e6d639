// An in-memory stand-in for the billing callables (SPEC.md §7), shaped by the BillingCallables
// contract. The component tests run the real BillingService over it, so the screens see the
// same service code as in the app. What the server decides is the callables' own pure code
// (functions/src/billing/decide.ts) over the world's subscription; the catalogue (configuration,
// not a decision), Stripe's side (the session URLs) and failures are the world's. Each call is
// recorded; a failure set for a callable rejects it.
import type { BillingCallables, BillingPlan, PlanCatalogue, SubscriptionRecord } from '@keyloft/contract/billing';
import { MS_PER_DAY, newTrialSubscription } from '@keyloft/contract/trial';
import { decideCheckout, decideDowngrade, decidePortal, subscriptionStatus, type BillingRefusal } from '../../functions/src/billing/decide';
import { UNLIMITED_PRICE_CENTS } from '../../functions/src/billing/plans';
import { requireObject } from '../../functions/src/lib/callable';
import { parsePayload, requireNoArguments } from '../../functions/src/lib/payload';
import {
  checkoutRequest,
  downgradeReply,
  planCatalogueReply,
  sessionUrlReply,
  subscriptionStatusReply,
} from '@keyloft/contract/callables/billing';
import { CallableError } from '../../src/data/functions/callableError';
import { checkedReply } from './callableReply';
import { createBillingService, type BillingService, type CheckoutAvailability } from '../../src/features/billing/billingService';

/** Where the fake app runs (the checkout's return URLs start here), and the Stripe price configured for Unlimited. */
const APP_URL = 'https://keyloft.test';
const PRICES = { unlimited: 'price_unlimited_test' } as const;

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
  // The server's price ($4.99), so a screen never shows the fake a price the plan does not cost.
  price: UNLIMITED_PRICE_CENTS,
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

/** A refusal of the callables' decisions as the app's wrapper rethrows it. */
function refused(refusal: BillingRefusal): never {
  throw new CallableError(refusal.code, refusal.message);
}

export function fakeBillingCallables(world: BillingWorld): BillingCallables {
  const run = async <T>(name: keyof BillingCallables, payload: unknown, answer: () => T): Promise<T> => {
    world.calls.push({ name, payload });
    await Promise.resolve();
    const failure = world.failures[name];
    if (failure) throw failure;
    return answer();
  };
  // Each request as the callable reads it (its own check, or its @keyloft/contract schema), and
  // each answer held to the reply schema the app's wrapper parses with.
  return {
    getSubscriptionPlans: (payload) =>
      run('getSubscriptionPlans', payload, () => {
        requireObject(payload);
        return checkedReply('getSubscriptionPlans', planCatalogueReply, world.plans);
      }),
    getSubscriptionStatus: (payload) =>
      run('getSubscriptionStatus', payload, () => {
        requireObject(payload);
        const subscription = world.upcoming.shift() ?? world.subscription;
        const status = subscriptionStatus(subscription, subscription.customerId, world.now);
        // The plan as the world's catalogue has it, so the status and the plans answered agree.
        return checkedReply('getSubscriptionStatus', subscriptionStatusReply, { ...status, plan: world.plans[status.plan.id] ?? status.plan });
      }),
    createCheckoutSession: (payload) =>
      run('createCheckoutSession', payload, () => {
        const { planId } = parsePayload(checkoutRequest, payload);
        const decision = decideCheckout({ planId, prices: PRICES, subscription: world.subscription, appUrl: APP_URL, now: world.now });
        if (decision.kind === 'refuse') refused(decision);
        // The callable's ensureCustomer: a first checkout makes the Stripe customer, mirrored on the record.
        if (world.subscription.customerId === null) world.subscription = { ...world.subscription, customerId: `cus_${String(world.calls.length)}` };
        return checkedReply('createCheckoutSession', sessionUrlReply, { url: world.checkoutUrl });
      }),
    createBillingPortalSession: (payload) =>
      run('createBillingPortalSession', payload, () => {
        requireObject(payload);
        const decision = decidePortal(world.subscription.customerId, APP_URL);
        if (decision.kind === 'refuse') refused(decision);
        return checkedReply('createBillingPortalSession', sessionUrlReply, { url: world.portalUrl });
      }),
    downgradeToFree: (payload) =>
      run('downgradeToFree', payload, () => {
        requireNoArguments(payload);
        const decision = decideDowngrade(world.subscription, world.now);
        if (decision.kind === 'write-free') world.subscription = decision.record;
        // Stripe cancels at the period end, and the callable records it.
        if (decision.kind === 'cancel-at-period-end') world.subscription = { ...world.subscription, cancelAtPeriodEnd: true, updatedAt: world.now };
        return checkedReply('downgradeToFree', downgradeReply, { success: true as const });
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
