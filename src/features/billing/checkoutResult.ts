import { effectivePlanId, FREE_PLAN_ID, type SubscriptionLike } from '@keyloft/contract/subscription';

// How /billing/success decides that the checkout went through (docs/billing-ui.md). The page
// cannot ask Stripe: the webhook writes the subscription, and the page reads it back with
// getSubscriptionStatus. SPEC.md §9 fixes the first read at 2 s; the webhook may be slower, so
// the page reads again a few times before it gives up.

/** Waits before each read of the subscription: the first is SPEC.md §9's 2 s. */
export const CHECKOUT_READ_DELAYS_MS: readonly number[] = [2_000, 2_000, 3_000, 5_000];

/**
 * The checkout went through once the subscription grants a paid plan. A trial-only subscription
 * that still grants Unlimited does not count: paying replaces it with a card-backed one.
 */
export function checkoutActivated(sub: SubscriptionLike, now: number): boolean {
  return !sub.isFreeTrialOnly && effectivePlanId(sub, now) !== FREE_PLAN_ID;
}

/** A Stripe Checkout session id ('cs_test_…', 'cs_live_…'); anything else is not one. */
export function readSessionId(search: string): string | null {
  const value = new URLSearchParams(search).get('session_id');
  return value !== null && /^cs_[A-Za-z0-9_]+$/.test(value) ? value : null;
}
