// Tests' view of the fake Stripe server that the scripts run beside the emulators
// (tests/support/fakeStripe/server.mjs, docs/billing.md): its test-only control endpoints, and
// Stripe's own read endpoints with the emulator's fake key (functions/.secret.local).
import { FAKE_STRIPE_PORT } from './server.mjs';

export const FAKE_STRIPE = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;
export const FAKE_STRIPE_KEY = 'sk_test_keyloft_local_fake';

type Json = Record<string, unknown>;

async function request<T = Json>(method: string, path: string): Promise<T> {
  const response = await fetch(`${FAKE_STRIPE}${path}`, { method, headers: { authorization: `Bearer ${FAKE_STRIPE_KEY}` } });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`fake Stripe ${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** "Pays" an open Checkout Session: its customer gets an active subscription (metadata from subscription_data). */
export const completeCheckout = (sessionId: string) => request<Json & { subscription: string; customer: string }>('POST', `/_test/checkout/sessions/${sessionId}/complete`);
export const checkoutSession = (sessionId: string) => request('GET', `/v1/checkout/sessions/${sessionId}`);
export const portalSession = (id: string) => request('GET', `/_test/billing_portal/sessions/${id}`);
export const subscription = (id: string) => request('GET', `/v1/subscriptions/${id}`);
export const customer = (id: string) => request('GET', `/v1/customers/${id}`);
/** Deletes a customer, as someone would in Stripe's dashboard (its subscriptions are cancelled). */
export const deleteCustomer = (id: string) => request('DELETE', `/v1/customers/${id}`);
export const customersByEmail = async (email: string) =>
  (await request<{ data: Json[] }>('GET', `/_test/customers?email=${encodeURIComponent(email)}`)).data;
export const requests = async () => (await request<{ data: { method: string; path: string; idempotencyKey: string | null }[] }>('GET', '/_test/requests')).data;

/** The id at the end of one of the fake's page URLs (/checkout/{id}, /portal/{id}). */
export function idFromUrl(url: string | null | undefined): string {
  const id = url?.split('/').at(-1);
  if (!id) throw new Error(`no id in ${String(url)}`);
  return id;
}
