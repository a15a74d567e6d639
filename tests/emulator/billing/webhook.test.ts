// stripeWebhook deployed in the Functions emulator (emulator tier), reached over HTTP as Stripe
// reaches it: the signature is checked on the raw body the HTTP stack keeps (req.rawBody), after
// Express has parsed the JSON. Only what needs no Stripe API is covered here; the re-read of a
// subscription needs the local Stripe-compatible server (docs/billing-webhook.md, "Tested against").
//
// The emulator reads STRIPE_WEBHOOK_SECRET from functions/.secret.local; this test signs with the
// same value (or STRIPE_WEBHOOK_SECRET from its own environment) and is skipped, saying so, when
// neither is there.
import { existsSync, readFileSync } from 'node:fs';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';

const PROJECT = 'demo-keyloft';
const URL = `http://127.0.0.1:5001/${PROJECT}/us-central1/stripeWebhook`;
const SECRET_FILE = new globalThis.URL('../../../functions/.secret.local', import.meta.url);

process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';

function configuredSecret(): string | null {
  if (process.env.STRIPE_WEBHOOK_SECRET) return process.env.STRIPE_WEBHOOK_SECRET;
  if (!existsSync(SECRET_FILE)) return null;
  const line = readFileSync(SECRET_FILE, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith('STRIPE_WEBHOOK_SECRET='));
  return line?.slice('STRIPE_WEBHOOK_SECRET='.length).trim() || null;
}

const SECRET = configuredSecret();

function db() {
  const app = getApps().find((candidate) => candidate.name === 'webhook-tests') ?? initializeApp({ projectId: PROJECT }, 'webhook-tests');
  return getFirestore(app);
}

function stripeEvent(type: string, object: unknown) {
  const id = `evt_emu_${crypto.randomUUID().replaceAll('-', '')}`;
  return { id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type };
}

async function deliver(payload: string, signature: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const response = await fetch(URL, { method: 'POST', headers, body: payload });
  return { status: response.status, body: (await response.json()) as { outcome: string } };
}

function sign(payload: string, secret: string) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

describe.skipIf(SECRET === null)('stripeWebhook over HTTP (needs STRIPE_WEBHOOK_SECRET in functions/.secret.local)', () => {
  const secret = SECRET ?? '';

  it('verifies a correctly signed event on its raw bytes and answers 200 (an event type it does not act on)', async () => {
    const payload = JSON.stringify(stripeEvent('customer.created', { id: 'cus_emu', object: 'customer' }), null, 2);
    await expect(deliver(payload, sign(payload, secret))).resolves.toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });

  it('answers 200 without calling Stripe for a checkout that is not a subscription', async () => {
    const session = { id: 'cs_emu', object: 'checkout.session', mode: 'payment', subscription: null, client_reference_id: 'u1', metadata: {} };
    const payload = JSON.stringify(stripeEvent('checkout.session.completed', session));
    await expect(deliver(payload, sign(payload, secret))).resolves.toMatchObject({ status: 200, body: { outcome: 'ignored' } });
  });

  it('refuses an event signed with another secret: 400 and nothing recorded', async () => {
    const evt = stripeEvent('customer.subscription.updated', { id: 'sub_emu', object: 'subscription', metadata: { uid: 'u1' } });
    const payload = JSON.stringify(evt);
    await expect(deliver(payload, sign(payload, 'whsec_not_the_endpoints'))).resolves.toMatchObject({ status: 400, body: { outcome: 'bad-request' } });
    expect((await db().collection('stripeEvents').doc(evt.id).get()).exists).toBe(false);
  });

  it('refuses a request without a Stripe-Signature header: 400', async () => {
    const payload = JSON.stringify(stripeEvent('customer.subscription.updated', { id: 'sub_emu', object: 'subscription' }));
    await expect(deliver(payload, null)).resolves.toMatchObject({ status: 400, body: { outcome: 'bad-request' } });
  });

  it('refuses a body changed after signing (re-serialised JSON): 400', async () => {
    const payload = JSON.stringify(stripeEvent('customer.created', { id: 'cus_emu' }), null, 2);
    const signature = sign(payload, secret);
    await expect(deliver(JSON.stringify(JSON.parse(payload)), signature)).resolves.toMatchObject({ status: 400 });
  });
});
