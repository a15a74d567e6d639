import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../src/billing/stripeClient';
import { createFakeStripe } from '../../../tests/support/fakeStripe/server.mjs';

// The fake's hosted Checkout and portal pages (tests/support/fakeStripe/hostedPages.mjs): what a
// browser clicks in `npm start` and in the browser tier. Each action must change the fake as
// Stripe would, send an event that the real SDK's signature check accepts, and redirect as Stripe does.

const SECRET = 'whsec_pages_unit';
const received: { body: string; signature: string }[] = [];
let hook: Server;
let server: { port: number; close(): Promise<void> };
let stripe: Stripe;
let origin: string;

beforeAll(async () => {
  hook = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['stripe-signature']) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const hookPort = (hook.address() as AddressInfo).port;
  server = await createFakeStripe({ webhook: { url: `http://127.0.0.1:${hookPort}/hook`, secret: SECRET } }).start(0);
  origin = `http://127.0.0.1:${server.port}`;
  stripe = createStripeClient({ secretKey: 'sk_test_pages', host: '127.0.0.1', port: server.port, protocol: 'http' });
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => hook.close(resolve));
});

/** The last event the webhook got, checked with the real SDK as stripeWebhook checks it. */
function lastEvent(): Stripe.Event {
  const last = received.at(-1);
  if (!last) throw new Error('no event was sent');
  return Stripe.webhooks.constructEvent(last.body, last.signature, SECRET);
}

/** The subscription a completed session made (an id: the fake never expands it). */
function subscriptionOf(session: unknown): string {
  const { subscription } = session as Stripe.Checkout.Session;
  if (typeof subscription !== 'string') throw new Error('the session names no subscription');
  return subscription;
}

const post = (path: string) => fetch(`${origin}${path}`, { method: 'POST', redirect: 'manual' });

async function openSession(uid: string) {
  const customer = await stripe.customers.create({ metadata: { uid } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_pages', quantity: 1 }],
    success_url: 'http://app/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app/billing/cancel',
    subscription_data: { metadata: { uid } },
  });
  return { customer, session };
}

describe("the fake's Checkout page", () => {
  it('offers Pay and a way back; Pay completes the session, sends a signed checkout.session.completed and redirects to the success URL', async () => {
    const { session } = await openSession('p1');
    const page = await (await fetch(session.url ?? '')).text();
    expect(page).toContain(`action="/checkout/${session.id}/pay"`);
    expect(page).toContain('href="http://app/billing/cancel"');

    const before = received.length;
    const paid = await post(`/checkout/${session.id}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app/billing/success?session_id=${session.id}`);
    expect(received).toHaveLength(before + 1);
    const event = lastEvent();
    expect(event.type).toBe('checkout.session.completed');
    const object = event.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });
    expect(Object.keys(object).some((key) => key.startsWith('_'))).toBe(false);
    expect((await stripe.subscriptions.retrieve(subscriptionOf(object))).metadata).toEqual({ uid: 'p1' });

    // Paying twice is refused and sends nothing.
    expect((await post(`/checkout/${session.id}/pay`)).status).toBe(400);
    expect(received).toHaveLength(before + 1);
    expect(await (await fetch(session.url ?? '')).text()).toContain('This checkout is complete.');
  });

  it('escapes what it shows', async () => {
    const customer = await stripe.customers.create({});
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: '<script>alert(1)</script>' }],
      success_url: 'http://app/ok',
      cancel_url: 'http://app/"><script>alert(2)</script>',
    });
    const page = await (await fetch(session.url ?? '')).text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe("the fake's portal page", () => {
  it('cancels at the period end and renews, each with a signed customer.subscription.updated', async () => {
    const { customer, session } = await openSession('p2');
    await post(`/checkout/${session.id}/pay`);
    const subscriptionId = subscriptionOf(lastEvent().data.object);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app/billing' });

    const page = await (await fetch(portal.url)).text();
    expect(page).toContain(`action="/portal/${portal.id}/cancel/${subscriptionId}"`);
    expect(page).toContain('href="http://app/billing"');

    const cancelled = await post(`/portal/${portal.id}/cancel/${subscriptionId}`);
    expect([cancelled.status, cancelled.headers.get('location')]).toEqual([303, `/portal/${portal.id}`]);
    expect(lastEvent()).toMatchObject({ type: 'customer.subscription.updated', data: { object: { id: subscriptionId, cancel_at_period_end: true } } });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain(`action="/portal/${portal.id}/renew/${subscriptionId}"`);

    await post(`/portal/${portal.id}/renew/${subscriptionId}`);
    expect(lastEvent()).toMatchObject({ type: 'customer.subscription.updated', data: { object: { cancel_at_period_end: false } } });
  });

  it("refuses another customer's subscription", async () => {
    const { session } = await openSession('p3');
    await post(`/checkout/${session.id}/pay`);
    const theirs = subscriptionOf(lastEvent().data.object);
    const other = await stripe.customers.create({});
    const portal = await stripe.billingPortal.sessions.create({ customer: other.id });
    const before = received.length;
    expect((await post(`/portal/${portal.id}/cancel/${theirs}`)).status).toBe(500);
    expect(received).toHaveLength(before);
    expect((await stripe.subscriptions.retrieve(theirs)).cancel_at_period_end).toBe(false);
  });
});

describe('a fake without a webhook', () => {
  it('still pays and redirects, sending nothing', async () => {
    const quiet = await createFakeStripe().start(0);
    try {
      const client = createStripeClient({ secretKey: 'sk_test_quiet', host: '127.0.0.1', port: quiet.port, protocol: 'http' });
      const session = await client.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'p' }], success_url: 'http://app/ok' });
      const before = received.length;
      const paid = await fetch(`http://127.0.0.1:${quiet.port}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
      expect([paid.status, paid.headers.get('location')]).toEqual([303, 'http://app/ok']);
      expect(received).toHaveLength(before);
    } finally {
      await quiet.close();
    }
  });
});
