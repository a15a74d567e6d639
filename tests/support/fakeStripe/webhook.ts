// Stripe's side of a webhook delivery, for the emulator and browser tiers: events signed as Stripe
// signs them (the SDK's test-header helper) with the STRIPE_WEBHOOK_SECRET that the Functions
// emulator gives stripeWebhook (functions/.secret.local), POSTed to the deployed function; and the
// Stripe API calls a customer's actions make at Stripe (a portal cancel, the end of a period),
// sent to the fake Stripe server with the emulator's fake key.
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { FAKE_STRIPE, FAKE_STRIPE_KEY } from './client';
import { stripeEventOf } from './hostedPages.mjs';

export const STRIPE_WEBHOOK_URL = 'http://127.0.0.1:5001/demo-keyloft/us-central1/stripeWebhook';

type Json = Record<string, unknown>;

/** STRIPE_WEBHOOK_SECRET of functions/.secret.local (fake test value, committed). */
export function emulatorWebhookSecret(): string {
  const text = readFileSync(new URL('../../../functions/.secret.local', import.meta.url), 'utf8');
  const line = text.split('\n').find((candidate) => candidate.startsWith('STRIPE_WEBHOOK_SECRET='));
  const secret = line?.slice('STRIPE_WEBHOOK_SECRET='.length).trim();
  if (!secret) throw new Error('functions/.secret.local has no STRIPE_WEBHOOK_SECRET');
  return secret;
}

export interface StripeEvent {
  readonly id: string;
  readonly type: string;
  readonly [key: string]: unknown;
}

/** An event as Stripe sends it (the fake's hosted pages send the same shape), with a fresh id unless one is given. */
export function stripeEvent(type: string, object: unknown, id?: string): StripeEvent {
  const event = stripeEventOf(type, object);
  return id === undefined ? event : { ...event, id };
}

/** POSTs the event to stripeWebhook with a Stripe-Signature made with `secret` (default: the emulator's). */
export async function deliverEvent(event: StripeEvent, secret = emulatorWebhookSecret()): Promise<{ status: number; body: { outcome?: string } }> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(STRIPE_WEBHOOK_URL, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  return { status: response.status, body: (await response.json()) as { outcome?: string } };
}

/** A Stripe API call to the fake with the emulator's key, form-encoded as the SDK sends it. */
export async function stripeApi(method: 'GET' | 'POST' | 'DELETE', path: string, form: Record<string, string> = {}): Promise<Json> {
  const response = await fetch(`${FAKE_STRIPE}${path}`, {
    method,
    headers: { authorization: `Bearer ${FAKE_STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : new URLSearchParams(form).toString(),
  });
  const json = (await response.json()) as Json;
  if (!response.ok) throw new Error(`fake Stripe ${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** What the portal does when the customer cancels: cancel_at_period_end at Stripe. Answers the subscription. */
export const cancelAtPeriodEnd = (subscriptionId: string) => stripeApi('POST', `/v1/subscriptions/${subscriptionId}`, { cancel_at_period_end: 'true' });

/** What Stripe does when the period of a cancelling subscription ends. Answers the subscription. */
export const endSubscription = (subscriptionId: string) => stripeApi('DELETE', `/v1/subscriptions/${subscriptionId}`);

export const checkoutSessionObject = (sessionId: string) => stripeApi('GET', `/v1/checkout/sessions/${sessionId}`);
