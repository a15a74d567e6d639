// The billing contract shared by the browser and functions/ (SPEC.md §3 Plan and Subscription,
// §7 billing callables, §8 billing messages). Types and constants only; the rules that read a
// subscription are in ./subscription.ts.

import type { SubscriptionStatus } from './subscription';

/** SPEC.md §3 "Plan". `price` is in cents; the UI shows cents / 100 in US currency format. */
export interface BillingPlan {
  readonly id: string;
  readonly name: string;
  readonly price: number;
  /** ISO 4217, lower case ('usd'). */
  readonly currency: string;
  /** Billing interval; null for the free plan. */
  readonly interval: 'month' | 'year' | null;
  readonly trialDays: number;
  readonly features: readonly string[];
  /** Teams a user may own on this plan, counted as teams owned; -1 means unlimited (SPEC.md §9). */
  readonly teamLimit: number;
}

/** getSubscriptionPlans: plan id → plan. */
export type PlanCatalogue = Readonly<Record<string, BillingPlan>>;

/**
 * SPEC.md §3 "Subscription" as stored on the user record (`users/{uid}.subscription`, written by
 * the server only, except the sign-up trial) and as getSubscriptionStatus returns it. Dates are
 * epoch milliseconds.
 */
export interface SubscriptionRecord {
  /** The payment provider's subscription id; null for the sign-up trial and the free plan. */
  readonly id: string | null;
  /** The payment provider's customer id; set by the server only. */
  readonly customerId: string | null;
  readonly status: SubscriptionStatus;
  readonly planId: string;
  readonly planName: string;
  readonly currentPeriodStart: number;
  readonly currentPeriodEnd: number;
  readonly cancelAtPeriodEnd: boolean;
  readonly trialStart: number | null;
  readonly trialEnd: number | null;
  readonly isFreeTrialOnly: boolean;
  readonly updatedAt: number;
}

/** getSubscriptionStatus's answer: the subscription, its plan, and the derived trial fields. */
export interface SubscriptionStatusResult {
  readonly subscription: SubscriptionRecord;
  readonly plan: BillingPlan;
  readonly isInTrial: boolean;
  readonly trialDaysLeft: number;
}

/** The callables (SPEC.md §7) and what they take and give. */
export interface BillingCallables {
  /** `timestamp` (epoch ms) only defeats caches; the answer does not depend on it. */
  getSubscriptionPlans(payload: { timestamp: number }): Promise<PlanCatalogue>;
  getSubscriptionStatus(payload: Record<string, never>): Promise<SubscriptionStatusResult>;
  createCheckoutSession(payload: { planId: string }): Promise<{ url: string | null }>;
  createBillingPortalSession(payload: Record<string, never>): Promise<{ url: string | null }>;
  downgradeToFree(payload: Record<string, never>): Promise<{ success: true }>;
}

/** SPEC.md §8 Billing, and the two missing-URL messages of §7. */
export const BILLING_MESSAGES = {
  loadFailedTitle: 'Error',
  loadFailed: 'Failed to load billing information. Please try again.',
  portalTitle: 'Billing Portal Error',
  portalFailed: 'Failed to open billing portal. Please try again.',
  upgradeTitle: 'Upgrade Error',
  upgradeFailed: 'Failed to start upgrade process. Please try again.',
  downgradeTitle: 'Downgrade Error',
  downgradeFailed: 'Failed to downgrade to free plan. Please try again.',
  noSessionId: 'No session ID found',
  processingFailed: 'There was an issue processing your subscription. Please contact support if this continues.',
  noCheckoutUrl: 'No checkout URL returned',
  noPortalUrl: 'No billing portal URL returned',
} as const;

/** Where Checkout returns to (SPEC.md §2 routes); {CHECKOUT_SESSION_ID} is Stripe's placeholder. */
export const CHECKOUT_SUCCESS_PATH = '/billing/success?session_id={CHECKOUT_SESSION_ID}';
export const CHECKOUT_CANCEL_PATH = '/billing/cancel';
