import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../src/billing/stripeClient';
import { createFakeStripe, decodeStripeForm } from '../../../tests/support/fakeStripe/server.mjs';

// The fake Stripe server the emulator tiers use (docs/billing.md), driven by the real `stripe` SDK
// with our pinned API version, the way the functions call it: what it must get right for those
// tests to mean anything.

const KEY = 'sk_test_unit';
let fake: ReturnType<typeof createFakeStripe>;
let server: { port: number; close(): Promise<void> };
let stripe: Stripe;

beforeAll(async () => {
  fake = createFakeStripe();
  server = await fake.start(0);
  stripe = createStripeClient({ secretKey: KEY, host: '127.0.0.1', port: server.port, protocol: 'http' });
});
afterAll(() => server.close());

describe('decodeStripeForm', () => {
  it("nests Stripe's bracketed form fields into objects and arrays", () => {
    expect(decodeStripeForm('mode=subscription&line_items[0][price]=p&line_items[0][quantity]=1&subscription_data[metadata][uid]=u')).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'p', quantity: '1' }],
      subscription_data: { metadata: { uid: 'u' } },
    });
  });
});

describe('the fake Stripe server', () => {
  it('creates and reads customers with metadata', async () => {
    const created = await stripe.customers.create({ email: 'ana@example.com', metadata: { uid: 'u1' } });
    expect(created).toMatchObject({ object: 'customer', email: 'ana@example.com', metadata: { uid: 'u1' }, livemode: false });
    expect(created.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ id: created.id });
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses the key with other parameters', async () => {
    const first = await stripe.customers.create({ metadata: { uid: 'u2' } }, { idempotencyKey: 'k-u2' });
    const again = await stripe.customers.create({ metadata: { uid: 'u2' } }, { idempotencyKey: 'k-u2' });
    expect(again.id).toBe(first.id);
    await expect(stripe.customers.create({ metadata: { uid: 'other' } }, { idempotencyKey: 'k-u2' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('opens a subscription Checkout Session whose URL is a page of the fake, and reads it back', async () => {
    const customer = await stripe.customers.create({ metadata: { uid: 'u3' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u3',
      line_items: [{ price: 'price_x', quantity: 1 }],
      success_url: 'http://app/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app/billing/cancel',
      subscription_data: { metadata: { uid: 'u3' } },
    });
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'subscription', status: 'open', customer: customer.id, client_reference_id: 'u3' });
    expect(session.url).toBe(`http://127.0.0.1:${server.port}/checkout/${session.id}`);
    expect(await (await fetch(session.url ?? '')).text()).toContain(session.id);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ id: session.id, success_url: session.success_url });
    expect(Object.keys(session).some((key) => key.startsWith('_'))).toBe(false);
  });

  it('completing a session gives its customer an active subscription carrying subscription_data.metadata', async () => {
    const customer = await stripe.customers.create({ metadata: { uid: 'u4' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_x', quantity: 1 }],
      success_url: 'http://app/ok',
      subscription_data: { metadata: { uid: 'u4' } },
    });
    const completed = fake.completeSession(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const sub = await stripe.subscriptions.retrieve(String(completed.subscription));
    expect(sub).toMatchObject({ status: 'active', customer: customer.id, metadata: { uid: 'u4' }, cancel_at_period_end: false });
    expect(sub.items.data[0]?.price.id).toBe('price_x');
    expect(sub.items.data[0]?.current_period_end).toBeGreaterThan(sub.items.data[0]?.current_period_start ?? Infinity);

    const cancelling = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, status: 'active', cancel_at: sub.items.data[0]?.current_period_end });
    const cancelled = await stripe.subscriptions.cancel(sub.id);
    expect(cancelled.status).toBe('canceled');
    await expect(stripe.subscriptions.update(sub.id, { cancel_at_period_end: false })).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });

  it("answers a deleted customer with Stripe's stub, refuses to use it, and cancels its subscriptions", async () => {
    const customer = await stripe.customers.create({ email: 'gone@example.com', metadata: { uid: 'u5' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_x', quantity: 1 }],
      success_url: 'http://app/ok',
    });
    const subscriptionId = String(fake.completeSession(session.id).subscription);

    expect(await stripe.customers.del(customer.id)).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect(await stripe.customers.retrieve(customer.id)).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const refusal = { type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'customer' };
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'price_x' }], success_url: 'http://app/ok' }),
    ).rejects.toMatchObject(refusal);
    await expect(stripe.billingPortal.sessions.create({ customer: customer.id })).rejects.toMatchObject(refusal);
    await expect(stripe.customers.del(customer.id)).rejects.toMatchObject({ code: 'resource_missing' });
    const listed = (await (await fetch(`http://127.0.0.1:${server.port}/_test/customers?email=gone%40example.com`)).json()) as { data: unknown[] };
    expect(listed.data).toEqual([]);
  });

  it('opens a billing portal session for a known customer only', async () => {
    const customer = await stripe.customers.create({});
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app/billing' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: 'http://app/billing' });
    expect(portal.url).toBe(`http://127.0.0.1:${server.port}/portal/${portal.id}`);
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_nobody' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
    });
  });

  it("answers unknown objects with Stripe's 404 error and a wrong key with 401", async () => {
    await expect(stripe.subscriptions.retrieve('sub_nothing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404 });
    const wrong = createStripeClient({ secretKey: 'sk_live_nope', host: '127.0.0.1', port: server.port, protocol: 'http' });
    await expect(wrong.customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });
});
