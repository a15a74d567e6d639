import * as z from 'zod/mini';
import type { PlanCatalogue, SubscriptionRecord, SubscriptionStatusResult } from '../billing';
import type { SubscriptionStatus } from '../subscription';
import { requiredText } from './fields';

// The billing callables' contract (SPEC.md §7; the types are src/domain/billing.ts): what each
// takes, and the replies the app's wrapper parses rather than handing the billing screens a
// half-read value.

/** getSubscriptionPlans ({ timestamp }, which only defeats caches), getSubscriptionStatus and createBillingPortalSession: any object. */
export const anyObjectRequest = z.looseObject({});

export const checkoutRequest = z.looseObject({ planId: requiredText('planId', 64) });

const STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'canceled', 'past_due', 'incomplete', 'unpaid'];

const planReply = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  interval: z.nullable(z.enum(['month', 'year'])),
  trialDays: z.number(),
  features: z.array(z.string()),
  teamLimit: z.int().check(z.gte(-1)),
});

/** Plan id → plan, each under its own id. */
export const planCatalogueReply: z.ZodMiniType<PlanCatalogue> = z
  .record(z.string(), planReply)
  .check(z.refine((plans) => Object.entries(plans).every(([key, plan]) => plan.id === key)));

/** A subscription as users/{uid}.subscription stores it and getSubscriptionStatus returns it. */
export const subscriptionRecordSchema: z.ZodMiniType<SubscriptionRecord> = z.object({
  id: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  status: z.enum(STATUSES as [SubscriptionStatus, ...SubscriptionStatus[]]),
  planId: z.string(),
  planName: z.string(),
  currentPeriodStart: z.number(),
  currentPeriodEnd: z.number(),
  cancelAtPeriodEnd: z.boolean(),
  trialStart: z.nullable(z.number()),
  trialEnd: z.nullable(z.number()),
  isFreeTrialOnly: z.boolean(),
  updatedAt: z.number(),
});

export const subscriptionStatusReply: z.ZodMiniType<SubscriptionStatusResult> = z.object({
  subscription: subscriptionRecordSchema,
  plan: planReply,
  isInTrial: z.boolean(),
  trialDaysLeft: z.number(),
});

/** The local Stripe-compatible server of the test tiers answers on plain http. */
function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/**
 * Only ever an https page (the payment provider's), never a javascript: or other scheme a
 * tampered reply could carry.
 */
function isPaymentPage(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopback(parsed.hostname));
}

/**
 * createCheckoutSession and createBillingPortalSession. A missing url is not a wrong shape: §7
 * gives it its own message, so it reads as null for the screens to report.
 */
export const sessionUrlReply = z.pipe(
  z.object({ url: z.nullish(z.string()) }),
  z.transform(({ url }) => ({ url: url === undefined || url === null || url === '' ? null : url })),
).check(z.refine(({ url }) => url === null || isPaymentPage(url)));

/** downgradeToFree. */
export const downgradeReply = z.object({ success: z.literal(true) });
