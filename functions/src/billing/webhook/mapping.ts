import type Stripe from 'stripe';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { FREE_PLAN_ID, type SubscriptionStatus } from '@keyloft/contract/subscription';

// Stripe subscription → the stored users/{uid}.subscription (SPEC.md §3 "Subscription"). Pure: the
// caller passes the price → plan lookup and `now` (epoch ms). docs/billing-webhook.md.
//
// Decisions:
// - Status: Stripe's statuses map to ours one for one, except 'incomplete_expired' (a first payment
//   that never succeeded; the subscription is over) → 'canceled', and 'paused' (a trial that ended
//   without a payment method; it can be resumed) → 'unpaid': no paid access, and kept on record so
//   a resume writes 'active' again. A status Stripe adds later is refused, never guessed.
// - The plan comes only from the subscription's items' prices through `plans`; a subscription whose
//   items name no known price, or two different plans, is refused: an unknown price never grants
//   access. The period is the plan item's current period (since API 2025-03-31 the period lives on
//   the items, not on the subscription).
// - cancelAtPeriodEnd is also true when Stripe has a cancel_at date set (newer portals cancel that
//   way), since either way the subscription will not renew.
// - A subscription that has ended (Stripe 'canceled' or 'incomplete_expired') is recorded as the
//   free plan (freePlanRecord), keeping the customer id so a later checkout reuses the customer.

export interface PlanRef {
  readonly planId: string;
  readonly planName: string;
}

/** Stripe price id → our plan, or null for a price this deployment does not sell. */
export type PlanLookup = (priceId: string) => PlanRef | null;

export type MappingResult =
  | { readonly kind: 'record'; readonly record: SubscriptionRecord; readonly ended: boolean }
  | { readonly kind: 'refuse'; readonly reason: 'unknown-status' | 'unknown-price' | 'several-plans'; readonly detail: string };

const STATUS_MAP: Readonly<Record<string, SubscriptionStatus>> = Object.freeze({
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'unpaid',
  incomplete: 'incomplete',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
  paused: 'unpaid',
});

/** Stripe's statuses after which the subscription will never bill or grant access again. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** Our status for a Stripe status; null for one this code does not know. */
export function statusFromStripe(status: string): SubscriptionStatus | null {
  return Object.hasOwn(STATUS_MAP, status) ? (STATUS_MAP[status] ?? null) : null;
}

export function isEndedStripeStatus(status: string): boolean {
  return ENDED_STATUSES.has(status);
}

export function secondsToMs(seconds: number): number {
  return seconds * 1000;
}

function nullableMs(seconds: number | null | undefined): number | null {
  return typeof seconds === 'number' ? secondsToMs(seconds) : null;
}

export function customerIdOf(customer: Stripe.Subscription['customer'] | null): string | null {
  if (customer === null) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

/**
 * The record written once a subscription has ended: the free plan, status 'active' (the same as
 * SPEC.md §4's fallback), no subscription id, the customer kept. Its period is the moment the paid
 * subscription ended, so it holds no future date.
 */
export function freePlanRecord(customerId: string | null, endedAt: number, now: number): SubscriptionRecord {
  return {
    id: null,
    customerId,
    status: 'active',
    planId: FREE_PLAN_ID,
    planName: 'Free',
    currentPeriodStart: endedAt,
    currentPeriodEnd: endedAt,
    cancelAtPeriodEnd: false,
    trialStart: null,
    trialEnd: null,
    isFreeTrialOnly: false,
    updatedAt: now,
  };
}

export function subscriptionFromStripe(sub: Stripe.Subscription, plans: PlanLookup, now: number): MappingResult {
  const status = statusFromStripe(sub.status);
  if (status === null) return { kind: 'refuse', reason: 'unknown-status', detail: sub.status };
  const customerId = customerIdOf(sub.customer);

  if (isEndedStripeStatus(sub.status)) {
    const endedAt = nullableMs(sub.ended_at) ?? nullableMs(sub.canceled_at) ?? now;
    return { kind: 'record', record: freePlanRecord(customerId, endedAt, now), ended: true };
  }

  const planned = sub.items.data.flatMap((item) => {
    const plan = plans(item.price.id);
    return plan === null ? [] : [{ item, plan }];
  });
  const first = planned[0];
  if (first === undefined) {
    return { kind: 'refuse', reason: 'unknown-price', detail: sub.items.data.map((item) => item.price.id).join(',') };
  }
  if (planned.some(({ plan }) => plan.planId !== first.plan.planId)) {
    return { kind: 'refuse', reason: 'several-plans', detail: planned.map(({ plan }) => plan.planId).join(',') };
  }

  return {
    kind: 'record',
    ended: false,
    record: {
      id: sub.id,
      customerId,
      status,
      planId: first.plan.planId,
      planName: first.plan.planName,
      currentPeriodStart: secondsToMs(first.item.current_period_start),
      currentPeriodEnd: secondsToMs(first.item.current_period_end),
      cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
      trialStart: nullableMs(sub.trial_start),
      trialEnd: nullableMs(sub.trial_end),
      isFreeTrialOnly: false,
      updatedAt: now,
    },
  };
}
