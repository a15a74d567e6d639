// The Stripe webhook against the real Firestore emulator (firestore tier): the handler with real
// signatures and the Firestore store of functions/src/billing/webhook/store.ts through firebase-admin,
// so the transaction that writes the subscription and records the event is Firestore's own. Only
// the re-read from Stripe is a stub here (a Stripe-compatible server is the emulator tiers' job).
import { randomUUID } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handleStripeWebhook, type WebhookDeps } from '../../functions/src/billing/webhook/handler';
import { freePlanRecord, subscriptionFromStripe } from '../../functions/src/billing/webhook/mapping';
import { EVENT_RECORD_DAYS, STRIPE_EVENTS, firestoreWebhookStore } from '../../functions/src/billing/webhook/store';
import { CUSTOMER_ID, NOW, SECRET, event, plans, signed, subscription, trialRecord } from '../../functions/test/billing/webhook/fixtures';

process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
const APP_NAME = 'stripe-webhook-store-tests';

function db(): Firestore {
  const app = getApps().find((candidate) => candidate.name === APP_NAME) ?? initializeApp({ projectId: 'demo-keyloft' }, APP_NAME);
  return getFirestore(app);
}

let uid: string;
let subId: string;
let current: Stripe.Subscription;
let deps: WebhookDeps;

function post(evt: Stripe.Event) {
  return handleStripeWebhook({ method: 'POST', ...signed(evt) }, deps);
}

function mapped(sub: Stripe.Subscription) {
  const result = subscriptionFromStripe(sub, plans, NOW);
  if (result.kind !== 'record') throw new Error('fixture does not map');
  return result.record;
}

async function userDoc() {
  return (await db().collection('users').doc(uid).get()).data();
}

beforeEach(async () => {
  uid = `u${randomUUID().replaceAll('-', '')}`;
  subId = `sub_${randomUUID().replaceAll('-', '')}`;
  current = subscription({ id: subId, metadata: { uid } });
  deps = {
    webhookSecret: () => SECRET,
    constructEvent: (rawBody, signature, secret) => Stripe.webhooks.constructEvent(rawBody, signature, secret),
    retrieveSubscription: vi.fn(() => Promise.resolve(current)),
    customerUid: () => Promise.resolve(null),
    plans,
    store: firestoreWebhookStore(db()),
    now: () => NOW,
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  };
  await db().collection('users').doc(uid).set({ email: `${uid}@example.com`, teamIds: ['t1'], subscription: trialRecord() });
});

describe('stripeWebhook on Firestore', () => {
  it('writes users/{uid}.subscription alone and records the event with its expiry', async () => {
    const evt = event('customer.subscription.created', current);
    await expect(post(evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect(await userDoc()).toEqual({ email: `${uid}@example.com`, teamIds: ['t1'], subscription: mapped(current) });
    const recorded = (await db().collection(STRIPE_EVENTS).doc(evt.id).get()).data();
    expect(recorded).toEqual({
      type: 'customer.subscription.created',
      outcome: 'applied',
      uid,
      subscriptionId: subId,
      processedAt: NOW,
      expiresAt: Timestamp.fromMillis(NOW + EVENT_RECORD_DAYS * 86_400_000),
    });
  });

  it('replaces the stored subscription map whole: no field of the old one survives', async () => {
    await db().collection('users').doc(uid).update({ subscription: { ...trialRecord(), stray: 'left over' } });
    await post(event('customer.subscription.updated', current));
    expect((await userDoc())?.subscription).toEqual(mapped(current));
  });

  it('applies a replayed event once', async () => {
    const evt = event('invoice.paid', { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: subId, metadata: null } } });
    await expect(post(evt)).resolves.toMatchObject({ body: { outcome: 'applied' } });
    await db().collection('users').doc(uid).update({ 'subscription.cancelAtPeriodEnd': true });
    await expect(post(evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect((await userDoc())?.subscription).toMatchObject({ id: subId, cancelAtPeriodEnd: true });
  });

  it('applies an event once when deliveries race into the transaction', async () => {
    const evt = event('customer.subscription.updated', current);
    const responses = await Promise.all([post(evt), post(evt), post(evt)]);
    expect(responses.map((r) => r.body.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
  });

  it('records nothing when the transaction fails, and the retry applies the event', async () => {
    const evt = event('customer.subscription.updated', current);
    const store = deps.store;
    deps = {
      ...deps,
      store: { ...store, applyOnce: (id, u, decide, record) => store.applyOnce(id, u, () => { throw new Error('boom'); }, record) },
    };
    await expect(post(evt)).resolves.toMatchObject({ status: 500 });
    expect((await db().collection(STRIPE_EVENTS).doc(evt.id).get()).exists).toBe(false);
    expect((await userDoc())?.subscription).toEqual(trialRecord());

    deps = { ...deps, store };
    await expect(post(evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect((await userDoc())?.subscription).toEqual(mapped(current));
  });

  it('creates no user document for a user without one, and records the event', async () => {
    await db().collection('users').doc(uid).delete();
    const evt = event('customer.subscription.updated', current);
    await expect(post(evt)).resolves.toMatchObject({ status: 200, body: { outcome: 'skipped-no-user' } });
    expect((await db().collection('users').doc(uid).get()).exists).toBe(false);
    expect((await db().collection(STRIPE_EVENTS).doc(evt.id).get()).get('outcome')).toBe('skipped-no-user');
    // A deleted account's uid is not kept: deleteAccount has already removed the records naming it.
    expect((await db().collection(STRIPE_EVENTS).doc(evt.id).get()).get('uid')).toBeNull();
  });

  it('moves the user to the free plan when the subscription is deleted', async () => {
    await post(event('customer.subscription.created', current));
    current = subscription({ id: subId, metadata: { uid }, status: 'canceled', ended_at: 1_801_440_000 });
    await expect(post(event('customer.subscription.deleted', current))).resolves.toMatchObject({ body: { outcome: 'applied' } });
    expect((await userDoc())?.subscription).toEqual(freePlanRecord(CUSTOMER_ID, 1_801_440_000_000, NOW));
  });
});
