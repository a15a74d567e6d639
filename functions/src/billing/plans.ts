// The plan catalogue (SPEC.md §3 Plan, §9; docs/billing.md). Pure: the Stripe price of each paid
// plan is server configuration (the STRIPE_PRICE_* params), passed in by the callables, never
// taken from a client and never shipped to the browser.
//
// Unlimited costs 499 cents ($4.99) a month. The spec leaves prices open; this is our choice, and
// the amount Stripe charges is the configured Stripe price's, so keep the two in step
// (docs/billing.md, "Connecting a real Stripe account").
import type { BillingPlan, PlanCatalogue } from '@keyloft/contract/billing';
import { FREE_PLAN_ID, teamLimit, UNLIMITED_PLAN_ID } from '@keyloft/contract/subscription';
import { TRIAL_DAYS } from '@keyloft/contract/trial';

export const UNLIMITED_PRICE_CENTS = 499;

export const FREE_PLAN: BillingPlan = Object.freeze({
  id: FREE_PLAN_ID,
  name: 'Free',
  price: 0,
  currency: 'usd',
  interval: null,
  trialDays: 0,
  features: Object.freeze([
    'Your existing passwords stay readable and exportable',
    'Teams you are invited to',
    'Zero-knowledge encryption',
  ]),
  teamLimit: teamLimit(FREE_PLAN_ID),
});

export const UNLIMITED_PLAN: BillingPlan = Object.freeze({
  id: UNLIMITED_PLAN_ID,
  name: 'Unlimited',
  price: UNLIMITED_PRICE_CENTS,
  currency: 'usd',
  interval: 'month',
  trialDays: TRIAL_DAYS,
  features: Object.freeze([
    'Unlimited passwords',
    'Share passwords with your teams',
    'Zero-knowledge encryption',
    'Two-factor sign-in',
  ]),
  // The card's team line is made from this (src/features/billing/billingModel.ts), not a feature.
  teamLimit: teamLimit(UNLIMITED_PLAN_ID),
});

/** getSubscriptionPlans' answer: the same for everyone. */
export const PLAN_CATALOGUE: PlanCatalogue = Object.freeze({ [FREE_PLAN_ID]: FREE_PLAN, [UNLIMITED_PLAN_ID]: UNLIMITED_PLAN });

/** The Stripe price id of each paid plan, from the params; '' where none is configured. */
export interface PlanPrices {
  readonly unlimited: string;
}

export function planById(planId: string): BillingPlan | null {
  return Object.hasOwn(PLAN_CATALOGUE, planId) ? (PLAN_CATALOGUE[planId] ?? null) : null;
}

export function isPaidPlan(plan: BillingPlan): boolean {
  return plan.price > 0;
}

/** The configured Stripe price of a paid plan, or null when none is configured (checkout then refuses). */
export function stripePriceFor(planId: string, prices: PlanPrices): string | null {
  const price = planId === UNLIMITED_PLAN_ID ? prices.unlimited.trim() : '';
  return price === '' ? null : price;
}
