import Stripe from 'stripe';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import type { PlanLookup } from '../../../src/billing/webhook/mapping';

// Stripe objects in the shape of the `stripe` package's types (API 2026-10-28.endive), with only the
// fields the webhook reads filled in; times in seconds as Stripe sends them.

export const NOW = 1_800_000_000_000;
export const PRICE_UNLIMITED = 'price_unlimited_test';
export const SECRET = 'whsec_test_keyloft_unit';
export const UID = 'user1';
export const SUB_ID = 'sub_123';
export const CUSTOMER_ID = 'cus_123';

/** Seconds; the period of the item: 1 Jan 2027 → 1 Feb 2027 (UTC). */
export const PERIOD_START = 1_798_761_600;
export const PERIOD_END = 1_801_440_000;

export const plans: PlanLookup = (priceId) => (priceId === PRICE_UNLIMITED ? { planId: 'unlimited', planName: 'Unlimited' } : null);

export function item(priceId: string, start = PERIOD_START, end = PERIOD_END): Stripe.SubscriptionItem {
  return {
    id: `si_${priceId}`,
    object: 'subscription_item',
    current_period_start: start,
    current_period_end: end,
    price: { id: priceId, object: 'price' } as Stripe.Price,
    subscription: SUB_ID,
  } as Stripe.SubscriptionItem;
}

export function subscription(overrides: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id: SUB_ID,
    object: 'subscription',
    customer: CUSTOMER_ID,
    status: 'active',
    metadata: { uid: UID },
    items: { object: 'list', data: [item(PRICE_UNLIMITED)], has_more: false, url: `/v1/subscription_items?subscription=${SUB_ID}` },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    trial_start: null,
    trial_end: null,
    start_date: PERIOD_START,
    created: PERIOD_START,
    livemode: false,
    ...overrides,
  } as Stripe.Subscription;
}

let eventCounter = 0;

/** A Stripe event of `type` around `object`, as Stripe would POST it. */
export function event(type: string, object: unknown, id = `evt_${++eventCounter}`): Stripe.Event {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: PERIOD_START,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event;
}

export function checkoutSession(overrides: Partial<Stripe.Checkout.Session> = {}): Stripe.Checkout.Session {
  return {
    id: 'cs_test_1',
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: UID,
    customer: CUSTOMER_ID,
    subscription: SUB_ID,
    metadata: {},
    ...overrides,
  } as Stripe.Checkout.Session;
}

export function invoice(subscriptionId: string | null, metadata: Stripe.Metadata | null = { uid: UID }): Stripe.Invoice {
  return {
    id: 'in_1',
    object: 'invoice',
    customer: CUSTOMER_ID,
    parent:
      subscriptionId === null
        ? null
        : { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscriptionId, metadata } },
  } as unknown as Stripe.Invoice;
}

/** The raw body and a valid Stripe-Signature header for `evt`, signed with `secret`. */
export function signed(evt: Stripe.Event, secret = SECRET): { rawBody: Buffer; signature: string } {
  const payload = JSON.stringify(evt, null, 2);
  return { rawBody: Buffer.from(payload, 'utf8'), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export function trialRecord(): SubscriptionRecord {
  return {
    id: null,
    customerId: null,
    status: 'trialing',
    planId: 'unlimited',
    planName: 'Unlimited',
    currentPeriodStart: NOW - 86_400_000,
    currentPeriodEnd: NOW + 13 * 86_400_000,
    cancelAtPeriodEnd: true,
    trialStart: NOW - 86_400_000,
    trialEnd: NOW + 13 * 86_400_000,
    isFreeTrialOnly: true,
    updatedAt: NOW - 86_400_000,
  };
}
