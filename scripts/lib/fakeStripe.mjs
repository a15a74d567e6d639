// Runs the local fake Stripe server (tests/support/fakeStripe/server.mjs, docs/billing.md) in
// this process, on the port the Functions emulator is told to use (STRIPE_API_PORT in
// functions/.env.demo-keyloft), for as long as the emulators run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFakeStripe, FAKE_STRIPE_PORT } from '../../tests/support/fakeStripe/server.mjs';
import { PROJECT_ID, ROOT, assertPortFree, emulatorPorts } from './firestoreEmulator.mjs';

/**
 * The publishable key local builds use. The app only checks its shape (pk_test_…): checkout is a
 * redirect to the URL the fake made, so no Stripe.js call ever sends it anywhere.
 */
export const FAKE_PUBLISHABLE_KEY = 'pk_test_keyloftLocalFake';

/** STRIPE_API_PORT from functions/.env.demo-keyloft, so the fake and the emulator agree. */
export function fakeStripePort() {
  const env = readFileSync(join(ROOT, 'functions', '.env.demo-keyloft'), 'utf8');
  const match = /^STRIPE_API_PORT=(\d+)\s*$/m.exec(env);
  return match ? Number(match[1]) : FAKE_STRIPE_PORT;
}

/**
 * Where the fake's hosted pages send their events: the emulated stripeWebhook, signed with the
 * emulator's STRIPE_WEBHOOK_SECRET (the fake test value in functions/.secret.local).
 */
export function emulatorWebhook() {
  const { host = '127.0.0.1', port = 5001 } = emulatorPorts().functions ?? {};
  const secrets = readFileSync(join(ROOT, 'functions', '.secret.local'), 'utf8');
  const secret = /^STRIPE_WEBHOOK_SECRET=(\S+)\s*$/m.exec(secrets)?.[1];
  if (!secret) throw new Error('functions/.secret.local has no STRIPE_WEBHOOK_SECRET');
  return { url: `http://${host}:${port}/${PROJECT_ID}/us-central1/stripeWebhook`, secret };
}

/** Starts the fake; resolves with { port, stop }. Rejects naming the port when it is taken. */
export async function startFakeStripe() {
  const port = fakeStripePort();
  await assertPortFree('127.0.0.1', port, 'fake Stripe server');
  const server = await createFakeStripe({ baseUrl: `http://127.0.0.1:${port}`, webhook: emulatorWebhook() }).start(port);
  let stopped = false;
  return {
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
    },
  };
}
