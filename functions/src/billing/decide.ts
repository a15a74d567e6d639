// The pure decisions of the billing callables (docs/billing.md). The callables load the facts,
// call these, and apply what they say; nothing here does I/O.
import {
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  type BillingPlan,
  type SubscriptionRecord,
  type SubscriptionStatusResult,
} from '@keyloft/contract/billing';
import { FREE_PLAN_ID, hasPaidAccess, isInTrial, trialDaysLeft } from '@keyloft/contract/subscription';
import { appBaseUrl } from '../lib/appUrl';
import { FREE_PLAN, isPaidPlan, planById, stripePriceFor, type PlanPrices } from './plans';
import { freeSubscription } from './record';

export type BillingRefusal = {
  readonly kind: 'refuse';
  readonly code: 'invalid-argument' | 'failed-precondition' | 'already-exists';
  readonly message: string;
};
const refuse = (code: BillingRefusal['code'], message: string): BillingRefusal => ({ kind: 'refuse', code, message });

export const BILLING_REFUSALS = {
  unknownPlan: 'There is no such plan.',
  freePlanCheckout: 'The Free plan needs no checkout; choose it with Downgrade.',
  noPrice: 'This plan cannot be bought yet: no price is configured for it. Please contact support.',
  alreadySubscribed: 'You already have a paid subscription. Manage it in the billing portal.',
  noCustomer: 'No billing account yet. Upgrade to a paid plan first.',
  customerGone: 'Your billing account no longer exists at the payment provider. Upgrade to a paid plan to start a new one.',
} as const;

/** Checkout and portal sessions one user may open per hour (rateLimits/{billingRateKey}). */
export const BILLING_SESSIONS_PER_HOUR = 30;
export const billingRateKey = (uid: string): string => `billing-sessions-by-${uid}`;

/** Calls within this window with the same user and plan are one checkout (the same session). */
export const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 60_000;

/**
 * Stripe's Idempotency-Key for a user's checkout of a plan for a customer within one time window.
 * The customer is part of it: a session refused for a customer that is gone is not replayed to
 * the call that replaced it.
 */
export function checkoutIdempotencyKey(uid: string, planId: string, customerId: string, now: number): string {
  return `keyloft-checkout-${uid}-${planId}-${customerId}-${Math.floor(now / CHECKOUT_IDEMPOTENCY_WINDOW_MS)}`;
}

/**
 * A user has at most one live Stripe customer: concurrent first checkouts create the same one. A
 * replacement for a customer that is gone (`replacing`) gets its own key, or Stripe would answer
 * with the gone customer again.
 */
export function customerIdempotencyKey(uid: string, replacing: string | null = null): string {
  return replacing === null ? `keyloft-customer-${uid}` : `keyloft-customer-${uid}-replacing-${replacing}`;
}

/** What retrieving the stored customer from Stripe gave: the customer (maybe deleted), or an error's code. */
export type StoredCustomerLookup = { readonly kind: 'found'; readonly deleted: boolean } | { readonly kind: 'error'; readonly code: unknown };

/**
 * Whether a stored customer can be used. Deleted in Stripe's dashboard (Stripe answers
 * `deleted: true`), or unknown to this Stripe account (`resource_missing`: keys switched to
 * another account or from test to live mode): a new customer replaces it. Any other error fails
 * the call, so a Stripe outage never makes a second customer.
 */
export function storedCustomerUse(lookup: StoredCustomerLookup): 'reuse' | 'replace' | 'fail' {
  if (lookup.kind === 'found') return lookup.deleted ? 'replace' : 'reuse';
  return lookup.code === 'resource_missing' ? 'replace' : 'fail';
}

/** Whether the subscription is a live Stripe subscription (not the sign-up trial, not ended). */
export function hasLiveStripeSubscription(sub: SubscriptionRecord | null, now: number): sub is SubscriptionRecord & { id: string } {
  return sub !== null && sub.id !== null && !sub.isFreeTrialOnly && sub.status !== 'canceled' && hasPaidAccess(sub, now);
}

// createCheckoutSession -----------------------------------------------------------------------

export interface CheckoutFacts {
  readonly planId: string;
  readonly prices: PlanPrices;
  readonly subscription: SubscriptionRecord | null;
  readonly appUrl: string;
  readonly now: number;
}

export type CheckoutDecision =
  | BillingRefusal
  | {
      readonly kind: 'checkout';
      readonly plan: BillingPlan;
      readonly priceId: string;
      readonly successUrl: string;
      readonly cancelUrl: string;
    };

export function decideCheckout(facts: CheckoutFacts): CheckoutDecision {
  const plan = planById(facts.planId);
  if (plan === null) return refuse('invalid-argument', BILLING_REFUSALS.unknownPlan);
  if (!isPaidPlan(plan)) return refuse('invalid-argument', BILLING_REFUSALS.freePlanCheckout);
  const priceId = stripePriceFor(plan.id, facts.prices);
  if (priceId === null) return refuse('failed-precondition', BILLING_REFUSALS.noPrice);
  // A second subscription would bill twice; changes to a live one go through the portal.
  if (hasLiveStripeSubscription(facts.subscription, facts.now)) return refuse('already-exists', BILLING_REFUSALS.alreadySubscribed);
  const base = appBaseUrl(facts.appUrl);
  return { kind: 'checkout', plan, priceId, successUrl: `${base}${CHECKOUT_SUCCESS_PATH}`, cancelUrl: `${base}${CHECKOUT_CANCEL_PATH}` };
}

// createBillingPortalSession ------------------------------------------------------------------

export type PortalDecision = BillingRefusal | { readonly kind: 'portal'; readonly customerId: string; readonly returnUrl: string };

/** `customerId`: the stored one (billingCustomers/{uid}, else the subscription's), or null. */
export function decidePortal(customerId: string | null, appUrl: string): PortalDecision {
  if (customerId === null) return refuse('failed-precondition', BILLING_REFUSALS.noCustomer);
  return { kind: 'portal', customerId, returnUrl: `${appBaseUrl(appUrl)}/billing` };
}

// downgradeToFree -----------------------------------------------------------------------------

export type DowngradeDecision =
  /** Already on the free plan, or already cancelling at the period end: nothing to do. */
  | { readonly kind: 'nothing' }
  /** A paid Stripe subscription: cancel it at the period end, and record that. */
  | { readonly kind: 'cancel-at-period-end'; readonly subscriptionId: string }
  /** The sign-up trial (no Stripe subscription) or a lapsed record: the free plan from now on. */
  | { readonly kind: 'write-free'; readonly record: SubscriptionRecord };

export function decideDowngrade(sub: SubscriptionRecord | null, now: number): DowngradeDecision {
  if (sub === null || sub.planId === FREE_PLAN_ID) return { kind: 'nothing' };
  if (hasLiveStripeSubscription(sub, now)) {
    return sub.cancelAtPeriodEnd ? { kind: 'nothing' } : { kind: 'cancel-at-period-end', subscriptionId: sub.id };
  }
  // A Stripe subscription that has ended is the webhook's to record; its plan no longer applies.
  if (sub.id !== null && !sub.isFreeTrialOnly) return { kind: 'nothing' };
  const trialEnd = sub.isFreeTrialOnly && isInTrial(sub, now) ? now : sub.trialEnd;
  return { kind: 'write-free', record: freeSubscription(now, { customerId: sub.customerId, trialStart: sub.trialStart, trialEnd }) };
}

// getSubscriptionStatus -----------------------------------------------------------------------

/**
 * The answer for a stored subscription (null: none or unusable → the free plan, active). `plan` is
 * the recorded plan's catalogue entry (the free plan for an id the catalogue does not know); the
 * derived fields are src/domain/subscription.ts's rules.
 */
export function subscriptionStatus(sub: SubscriptionRecord | null, customerId: string | null, now: number): SubscriptionStatusResult {
  const subscription = sub ?? freeSubscription(now, { customerId, trialStart: null, trialEnd: null });
  const withCustomer = subscription.customerId === null && customerId !== null ? { ...subscription, customerId } : subscription;
  return {
    subscription: withCustomer,
    plan: planById(withCustomer.planId) ?? FREE_PLAN,
    isInTrial: isInTrial(withCustomer, now),
    trialDaysLeft: trialDaysLeft(withCustomer, now),
  };
}
