import Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import {
  decideWrite,
  handleStripeWebhook,
  isResourceMissing,
  type ProcessedEventRecord,
  type WebhookDeps,
  type WebhookStore,
} from '../../../src/billing/webhook/handler';
import { freePlanRecord, subscriptionFromStripe } from '../../../src/billing/webhook/mapping';
import {
  CUSTOMER_ID,
  NOW,
  SECRET,
  SUB_ID,
  UID,
  checkoutSession,
  event,
  invoice,
  plans,
  signed,
  subscription,
  trialRecord,
} from './fixtures';

// The handler with its I/O replaced: real signatures (the SDK's own test header and check), an
// in-memory store with the Firestore store's contract (one atomic step per applyOnce), and a
// Stripe whose subscriptions the test sets.

interface UserDoc {
  email: string;
  subscription?: SubscriptionRecord;
}

function memoryStore() {
  const users = new Map<string, UserDoc>();
  const events = new Map<string, ProcessedEventRecord>();
  const failures = { apply: 0 };
  const store: WebhookStore = {
    wasProcessed: (eventId) => Promise.resolve(events.has(eventId)),
    applyOnce: (eventId, uid, decide, record) => {
      if (failures.apply > 0) {
        failures.apply -= 1;
        return Promise.reject(new Error('transaction aborted'));
      }
      // Synchronous from here to the end: as atomic as the Firestore transaction it stands for.
      if (events.has(eventId)) return Promise.resolve('duplicate' as const);
      const user = users.get(uid);
      const decision = decide({ exists: user !== undefined, subscription: user?.subscription ?? null });
      if (decision.write !== null && user !== undefined) users.set(uid, { ...user, subscription: decision.write });
      events.set(eventId, record(decision));
      return Promise.resolve(decision);
    },
    recordSkipped: (eventId, record) => {
      if (!events.has(eventId)) events.set(eventId, record);
      return Promise.resolve();
    },
  };
  return { store, users, events, failures };
}

function setup() {
  const mem = memoryStore();
  const stripeSubs = new Map<string, Stripe.Subscription>([[SUB_ID, subscription()]]);
  const customers = new Map<string, string | null>([[CUSTOMER_ID, null]]);
  const retrieveSubscription = vi.fn((id: string) => {
    const sub = stripeSubs.get(id);
    return sub === undefined
      ? Promise.reject(Object.assign(new Error(`No such subscription: '${id}'`), { type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 }))
      : Promise.resolve(sub);
  });
  const deps: WebhookDeps = {
    webhookSecret: () => SECRET,
    constructEvent: (rawBody, signature, secret) => Stripe.webhooks.constructEvent(rawBody, signature, secret),
    retrieveSubscription,
    customerUid: (id) => Promise.resolve(customers.get(id) ?? null),
    plans,
    store: mem.store,
    now: () => NOW,
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  };
  mem.users.set(UID, { email: 'ana@example.com', subscription: trialRecord() });
  return { ...mem, stripeSubs, customers, retrieveSubscription, deps };
}

type Setup = ReturnType<typeof setup>;

function post(t: Setup, evt: Stripe.Event, secret = SECRET) {
  return handleStripeWebhook({ method: 'POST', ...signed(evt, secret) }, t.deps);
}

function expectedRecord(sub: Stripe.Subscription): SubscriptionRecord {
  const mapped = subscriptionFromStripe(sub, plans, NOW);
  if (mapped.kind !== 'record') throw new Error('fixture does not map');
  return mapped.record;
}

let t: Setup;
beforeEach(() => {
  t = setup();
});

describe('signature', () => {
  it('applies a correctly signed event: writes the subscription and records the event', async () => {
    const evt = event('customer.subscription.updated', subscription());
    await expect(post(t, evt)).resolves.toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(t.users.get(UID)).toEqual({ email: 'ana@example.com', subscription: expectedRecord(subscription()) });
    expect(t.events.get(evt.id)).toEqual({ type: evt.type, outcome: 'applied', uid: UID, subscriptionId: SUB_ID, processedAt: NOW });
  });

  it('refuses an event signed with another secret: 400, nothing read or written', async () => {
    const response = await post(t, event('customer.subscription.updated', subscription()), 'whsec_someone_else');
    expect(response).toEqual({ status: 400, body: { received: false, outcome: 'bad-request', error: 'invalid signature' } });
    expect(t.retrieveSubscription).not.toHaveBeenCalled();
    expect(t.users.get(UID)?.subscription).toEqual(trialRecord());
    expect(t.events.size).toBe(0);
  });

  it('refuses a request without a Stripe-Signature header: 400', async () => {
    const { rawBody } = signed(event('customer.subscription.updated', subscription()));
    const response = await handleStripeWebhook({ method: 'POST', rawBody, signature: undefined }, t.deps);
    expect(response.status).toBe(400);
    expect(t.retrieveSubscription).not.toHaveBeenCalled();
    expect(t.events.size).toBe(0);
  });

  it('checks the raw bytes: the same event re-serialised no longer verifies', async () => {
    const evt = event('customer.subscription.updated', subscription());
    const { signature } = signed(evt);
    const reserialised = Buffer.from(JSON.stringify(evt));
    const response = await handleStripeWebhook({ method: 'POST', rawBody: reserialised, signature }, t.deps);
    expect(response.status).toBe(400);
    expect(t.events.size).toBe(0);
  });

  it('refuses a signature older than the SDK tolerance (5 minutes): a replayed capture', async () => {
    const evt = event('customer.subscription.updated', subscription());
    const payload = JSON.stringify(evt);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
    const response = await handleStripeWebhook({ method: 'POST', rawBody: Buffer.from(payload), signature }, t.deps);
    expect(response.status).toBe(400);
  });

  it('answers 500 when the endpoint has no secret configured, so Stripe keeps the event', async () => {
    const response = await handleStripeWebhook(
      { method: 'POST', ...signed(event('customer.subscription.updated', subscription())) },
      { ...t.deps, webhookSecret: () => '' },
    );
    expect(response.status).toBe(500);
    expect(t.events.size).toBe(0);
  });

  it('answers 405 to anything but POST', async () => {
    const response = await handleStripeWebhook({ method: 'GET', rawBody: undefined, signature: undefined }, t.deps);
    expect(response.status).toBe(405);
  });
});

describe('idempotency and retries', () => {
  it('applies a replayed event id once', async () => {
    const evt = event('invoice.paid', invoice(SUB_ID));
    await expect(post(t, evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'applied' } });
    // Between the deliveries the user's record changes; the replay must not overwrite it.
    const later = { ...expectedRecord(subscription()), cancelAtPeriodEnd: true, updatedAt: NOW + 1 };
    t.users.set(UID, { email: 'ana@example.com', subscription: later });
    await expect(post(t, evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(t.retrieveSubscription).toHaveBeenCalledTimes(1);
    expect(t.users.get(UID)?.subscription).toEqual(later);
  });

  it('applies an event once when two deliveries race past the early check', async () => {
    const evt = event('customer.subscription.updated', subscription());
    const responses = await Promise.all([post(t, evt), post(t, evt)]);
    expect(responses.map((r) => [r.status, r.body.outcome]).sort()).toEqual([
      [200, 'applied'],
      [200, 'duplicate'],
    ]);
    expect(t.events.size).toBe(1);
  });

  it('answers 500 when Stripe cannot be read, records nothing, and the retry finishes it', async () => {
    const evt = event('customer.subscription.updated', subscription());
    t.retrieveSubscription.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    await expect(post(t, evt)).resolves.toEqual({ status: 500, body: { received: false, outcome: 'failed', error: 'internal error' } });
    expect(t.events.has(evt.id)).toBe(false);
    expect(t.users.get(UID)?.subscription).toEqual(trialRecord());

    await expect(post(t, evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(t.users.get(UID)?.subscription).toEqual(expectedRecord(subscription()));
    expect(t.events.has(evt.id)).toBe(true);
  });

  it('answers 500 when the transaction fails, and the retry finishes it', async () => {
    const evt = event('customer.subscription.created', subscription());
    t.failures.apply = 1;
    await expect(post(t, evt)).resolves.toMatchObject({ status: 500 });
    expect(t.events.size).toBe(0);
    await expect(post(t, evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'applied' } });
  });
});

describe('what is written', () => {
  it("re-reads the subscription: Stripe's current state wins over the event body", async () => {
    t.stripeSubs.set(SUB_ID, subscription({ status: 'past_due' }));
    await post(t, event('customer.subscription.updated', subscription({ status: 'active' })));
    expect(t.retrieveSubscription).toHaveBeenCalledWith(SUB_ID);
    expect(t.users.get(UID)?.subscription?.status).toBe('past_due');
  });

  it('checkout.session.completed writes to the user of client_reference_id', async () => {
    t.stripeSubs.set(SUB_ID, subscription({ metadata: {} }));
    t.users.set('user2', { email: 'bo@example.com' });
    await expect(post(t, event('checkout.session.completed', checkoutSession({ client_reference_id: 'user2' })))).resolves.toMatchObject({
      status: 200,
      body: { outcome: 'applied' },
    });
    expect(t.users.get('user2')?.subscription).toEqual(expectedRecord(subscription({ metadata: {} })));
  });

  it("finds the user in the customer's metadata when neither the event nor the subscription names one", async () => {
    t.stripeSubs.set(SUB_ID, subscription({ metadata: {} }));
    t.customers.set(CUSTOMER_ID, UID);
    await expect(post(t, event('invoice.payment_failed', invoice(SUB_ID, null)))).resolves.toMatchObject({ body: { outcome: 'applied' } });
    expect(t.users.get(UID)?.subscription?.id).toBe(SUB_ID);
  });

  it('ignores an event no user can be found for (200, nothing recorded)', async () => {
    t.stripeSubs.set(SUB_ID, subscription({ metadata: {} }));
    const response = await post(t, event('invoice.paid', invoice(SUB_ID, null)));
    expect(response).toEqual({ status: 200, body: { received: true, outcome: 'ignored', error: 'no-user-id' } });
    expect(t.events.size).toBe(0);
  });

  it('refuses when the event and the subscription name different users', async () => {
    const response = await post(t, event('checkout.session.completed', checkoutSession({ client_reference_id: 'user2' })));
    expect(response).toMatchObject({ status: 200, body: { outcome: 'refused', error: 'uid-mismatch' } });
    expect(t.users.get(UID)?.subscription).toEqual(trialRecord());
  });

  it('never writes a subscription whose price is unknown, and leaves the event unrecorded for a resend', async () => {
    t.stripeSubs.set(SUB_ID, subscription({ items: { object: 'list', has_more: false, url: '/x', data: [] } }));
    const response = await post(t, event('customer.subscription.created', subscription()));
    expect(response).toMatchObject({ status: 200, body: { outcome: 'refused', error: 'unknown-price' } });
    expect(t.users.get(UID)?.subscription).toEqual(trialRecord());
    expect(t.events.size).toBe(0);
  });

  it('skips a user without a record (an account deleted since checkout) and records the event without the uid', async () => {
    t.users.delete(UID);
    const evt = event('customer.subscription.updated', subscription());
    await expect(post(t, evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'skipped-no-user' } });
    expect(t.users.has(UID)).toBe(false);
    expect(t.events.get(evt.id)?.outcome).toBe('skipped-no-user');
    expect(t.events.get(evt.id)?.uid).toBeNull();
  });

  it('customer.subscription.deleted moves the user to the free plan', async () => {
    t.users.set(UID, { email: 'ana@example.com', subscription: expectedRecord(subscription()) });
    t.stripeSubs.set(SUB_ID, subscription({ status: 'canceled', ended_at: 1_801_440_000 }));
    await expect(post(t, event('customer.subscription.deleted', subscription()))).resolves.toMatchObject({ body: { outcome: 'applied' } });
    expect(t.users.get(UID)?.subscription).toEqual(freePlanRecord(CUSTOMER_ID, 1_801_440_000_000, NOW));
  });

  it('ignores event types it does not handle without touching the store or Stripe', async () => {
    const wasProcessed = vi.spyOn(t.store, 'wasProcessed');
    await expect(post(t, event('customer.created', { id: CUSTOMER_ID }))).resolves.toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(wasProcessed).not.toHaveBeenCalled();
    expect(t.retrieveSubscription).not.toHaveBeenCalled();
  });
});

describe('decideWrite', () => {
  const live = { record: expectedRecord(subscription()), ended: false };
  const incomplete = { record: expectedRecord(subscription({ status: 'incomplete' })), ended: false };
  const ended = { record: freePlanRecord(CUSTOMER_ID, NOW, NOW), ended: true };
  const onSub = { exists: true, subscription: expectedRecord(subscription()) };
  const onTrial = { exists: true, subscription: trialRecord() };
  const onOther = { exists: true, subscription: { ...expectedRecord(subscription()), id: 'sub_newer' } };

  it('writes nothing for a user without a record', () => {
    expect(decideWrite({ exists: false, subscription: null }, SUB_ID, live)).toEqual({ outcome: 'skipped-no-user', write: null });
  });

  it('writes any state of the subscription the record names', () => {
    expect(decideWrite(onSub, SUB_ID, live)).toEqual({ outcome: 'applied', write: live.record });
    expect(decideWrite(onSub, SUB_ID, incomplete)).toEqual({ outcome: 'applied', write: incomplete.record });
    expect(decideWrite(onSub, SUB_ID, ended)).toEqual({ outcome: 'applied', write: ended.record });
  });

  it('lets a live new subscription replace the trial, a record without one, or another subscription', () => {
    expect(decideWrite(onTrial, SUB_ID, live)).toMatchObject({ outcome: 'applied' });
    expect(decideWrite({ exists: true, subscription: null }, SUB_ID, live)).toMatchObject({ outcome: 'applied' });
    expect(decideWrite(onOther, SUB_ID, live)).toMatchObject({ outcome: 'applied' });
  });

  it('does not let an incomplete first payment end a running trial', () => {
    expect(decideWrite(onTrial, SUB_ID, incomplete)).toEqual({ outcome: 'skipped-not-current', write: null });
  });

  it('does not let a late end of an old subscription take away a newer one or the trial', () => {
    expect(decideWrite(onOther, SUB_ID, ended)).toEqual({ outcome: 'skipped-not-current', write: null });
    expect(decideWrite(onTrial, SUB_ID, ended)).toEqual({ outcome: 'skipped-not-current', write: null });
  });
});

describe('a subscription Stripe no longer has (issue #17)', () => {
  it('answers 200 with why, notes the event, writes nothing about the user, and a resend is a duplicate', async () => {
    t.stripeSubs.delete(SUB_ID);
    const evt = event('customer.subscription.updated', subscription());
    await expect(post(t, evt)).resolves.toEqual({ status: 200, body: { received: true, outcome: 'skipped-missing-subscription' } });
    expect(t.events.get(evt.id)).toEqual({ type: evt.type, outcome: 'skipped-missing-subscription', uid: null, subscriptionId: SUB_ID, processedAt: NOW });
    expect(t.users.get(UID)?.subscription).toEqual(trialRecord());
    const warned = vi.mocked(t.deps.log).warn.mock.calls;
    expect(warned).toContainEqual([
      'stripeWebhook: the subscription is not in Stripe (resource_missing); event skipped',
      expect.objectContaining({ eventId: evt.id, subscriptionId: SUB_ID }),
    ]);
    await expect(post(t, evt)).resolves.toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
  });

  it('still answers 500 (Stripe retries) when Stripe cannot be reached', async () => {
    t.retrieveSubscription.mockImplementationOnce(() => Promise.reject(Object.assign(new Error('connection reset'), { type: 'StripeConnectionError' })));
    const evt = event('customer.subscription.updated', subscription());
    await expect(post(t, evt)).resolves.toMatchObject({ status: 500, body: { outcome: 'failed' } });
    expect(t.events.has(evt.id)).toBe(false);
  });
});

describe('isResourceMissing', () => {
  it('is Stripe’s resource_missing (or a bare 404), nothing else', () => {
    expect(isResourceMissing({ type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 })).toBe(true);
    expect(isResourceMissing({ statusCode: 404 })).toBe(true);
    expect(isResourceMissing({ type: 'StripeInvalidRequestError', code: 'parameter_invalid', statusCode: 400 })).toBe(false);
    expect(isResourceMissing({ type: 'StripeConnectionError' })).toBe(false);
    expect(isResourceMissing(new Error('boom'))).toBe(false);
    expect(isResourceMissing(null)).toBe(false);
  });
});
