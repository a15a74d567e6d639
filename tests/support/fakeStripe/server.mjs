// A small Stripe-compatible HTTP server for the emulator and browser tiers (docs/billing.md):
// Stripe's API is unreachable from our machines, so the `stripe` SDK in the functions is pointed
// here (STRIPE_API_HOST/PORT/PROTOCOL in functions/.env.demo-keyloft). It implements only what
// Keyloft calls, in Stripe's wire format: form-encoded requests (`a[b][0]=c`), JSON objects shaped
// like the `stripe` package's types, Stripe's error envelope, and Idempotency-Key replay.
// State lives in memory for the life of the process.
//
// Test-only control endpoints (no Stripe equivalent), under /_test:
//   GET  /_test/health                             → { ok: true }
//   POST /_test/checkout/sessions/:id/complete     → completes the session: an active subscription
//                                                    for its customer, with subscription_data.metadata
//   GET  /_test/customers?email=…                  → { data: Customer[] } (not deleted ones)
//   GET  /_test/billing_portal/sessions/:id        → the portal session (Stripe cannot read one back)
//   GET  /_test/requests                           → { data: [{ method, path, idempotencyKey }] }
// Pages the fake's own URLs point at (what a browser would open; hostedPages.mjs):
//   GET  /checkout/:id, POST /checkout/:id/pay     → Checkout: Pay completes the session, sends
//                                                    checkout.session.completed, redirects to success_url
//   GET  /portal/:id, POST /portal/:id/cancel|renew/:subscriptionId
//                                                  → the portal: cancel at period end or renew,
//                                                    customer.subscription.updated
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createHostedPages } from './hostedPages.mjs';

export const FAKE_STRIPE_PORT = 12111;
const DAY_SECONDS = 86_400;

/** `a[b][0]=c&a[b][1]=d` → { a: { b: ['c', 'd'] } }, as Stripe's form encoding nests fields. */
export function decodeStripeForm(body) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = rawKey.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) node[key] = value;
      else node = node[key] ??= {};
    });
  }
  return arraysFromIndices(root);
}

function arraysFromIndices(value) {
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndices(value[key])]));
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return keys.map((key) => converted[key]);
  return converted;
}

const newId = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

class StripeError extends Error {
  constructor(status, message, { type = 'invalid_request_error', code, param } = {}) {
    super(message);
    this.status = status;
    this.body = { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } };
  }
}

const missing = (kind, id, param = 'id') => new StripeError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
const metadataOf = (value) => (value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {});
const bool = (value) => value === true || value === 'true';

/**
 * Creates the fake's state and request handler; `start` listens on a port. `webhook` ({ url,
 * secret }) is where the hosted pages send the events their actions cause; without it they send none.
 */
export function createFakeStripe({ baseUrl: configuredBaseUrl, webhook = null } = {}) {
  let baseUrl = configuredBaseUrl ?? `http://127.0.0.1:${FAKE_STRIPE_PORT}`;
  const customers = new Map();
  const sessions = new Map();
  const portalSessions = new Map();
  const subscriptions = new Map();
  const idempotency = new Map();
  const requests = [];

  function customerCreate(params) {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: params.description ?? null,
      email: params.email ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(params.metadata),
      name: params.name ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  // Stripe answers a deleted customer's id with a stub marked `deleted`, refuses to use it, and
  // cancels its subscriptions when it is deleted.
  const deletedCustomers = new Set();
  const deletedStub = (id) => ({ id, object: 'customer', deleted: true });

  function customerGet(id) {
    const customer = customers.get(id);
    if (!customer) throw missing('customer', id);
    return deletedCustomers.has(id) ? deletedStub(id) : customer;
  }

  function customerDelete(id) {
    liveCustomer(id, 'id');
    deletedCustomers.add(id);
    for (const subscription of subscriptions.values()) {
      if (subscription.customer === id && subscription.status !== 'canceled') {
        Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
      }
    }
    return deletedStub(id);
  }

  /** A customer a request may name: one that exists and is not deleted (else `param` is missing). */
  function liveCustomer(id, param) {
    const customer = customers.get(id);
    if (!customer || deletedCustomers.has(id)) throw missing('customer', id, param);
    return customer;
  }

  function sessionCreate(params) {
    if (params.mode !== 'subscription' && params.mode !== 'payment' && params.mode !== 'setup') {
      throw new StripeError(400, 'Missing required param: mode.', { param: 'mode' });
    }
    if (typeof params.success_url !== 'string' && params.ui_mode !== 'embedded') {
      throw new StripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
    }
    const lineItems = Array.isArray(params.line_items) ? params.line_items : [];
    if (lineItems.length === 0 || lineItems.some((item) => typeof item.price !== 'string')) {
      throw new StripeError(400, 'Missing required param: line_items[0][price].', { param: 'line_items' });
    }
    if (params.customer !== undefined) liveCustomer(params.customer, 'customer');
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const session = {
      id,
      object: 'checkout.session',
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: nowSeconds(),
      currency: 'usd',
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      expires_at: nowSeconds() + DAY_SECONDS,
      livemode: false,
      metadata: metadataOf(params.metadata),
      mode: params.mode,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: params.success_url ?? null,
      url: `${baseUrl}/checkout/${id}`,
      // Not part of Stripe's session object; kept so that completing it can build the subscription.
      _lineItems: lineItems.map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) })),
      _subscriptionData: params.subscription_data ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  function sessionGet(id) {
    const session = sessions.get(id);
    if (!session) throw missing('checkout.session', id);
    return session;
  }

  function completeSession(id) {
    const session = sessionGet(id);
    if (session.status !== 'open') throw new StripeError(400, `Checkout session ${id} is ${session.status}.`);
    const customer = session.customer ?? customerCreate({ email: session.customer_email }).id;
    const start = nowSeconds();
    const end = start + 30 * DAY_SECONDS;
    const trialDays = Number(session._subscriptionData.trial_period_days ?? 0);
    const subscriptionId = newId('sub');
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: 'usd',
      customer,
      ended_at: null,
      items: {
        object: 'list',
        data: session._lineItems.map((item) => ({
          id: newId('si'),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: end,
          metadata: {},
          price: { id: item.price, object: 'price', currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
          quantity: item.quantity,
          subscription: subscriptionId,
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: newId('in'),
      livemode: false,
      metadata: metadataOf(session._subscriptionData.metadata),
      start_date: start,
      status: trialDays > 0 ? 'trialing' : 'active',
      trial_end: trialDays > 0 ? start + trialDays * DAY_SECONDS : null,
      trial_start: trialDays > 0 ? start : null,
    };
    subscriptions.set(subscriptionId, subscription);
    Object.assign(session, { customer, status: 'complete', payment_status: 'paid', subscription: subscriptionId });
    return session;
  }

  function subscriptionGet(id) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  function subscriptionUpdate(id, params) {
    const subscription = subscriptionGet(id);
    if (subscription.status === 'canceled') {
      throw new StripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (params.cancel_at_period_end !== undefined) {
      const cancel = bool(params.cancel_at_period_end);
      subscription.cancel_at_period_end = cancel;
      subscription.cancel_at = cancel ? subscription.items.data[0]?.current_period_end ?? null : null;
      subscription.canceled_at = cancel ? nowSeconds() : null;
    }
    if (params.metadata !== undefined) subscription.metadata = { ...subscription.metadata, ...metadataOf(params.metadata) };
    return subscription;
  }

  function subscriptionCancel(id) {
    const subscription = subscriptionGet(id);
    if (subscription.status === 'canceled') throw new StripeError(400, `No such subscription: '${id}'`, { code: 'resource_missing' });
    Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
    return subscription;
  }

  // Stripe lists a customer's subscriptions without the canceled ones unless status=all.
  function subscriptionList(params) {
    if (typeof params.customer === 'string' && !customers.has(params.customer)) throw missing('customer', params.customer, 'customer');
    const data = [...subscriptions.values()].filter(
      (subscription) =>
        (params.customer === undefined || subscription.customer === params.customer) &&
        (params.status === 'all' || (params.status === undefined ? subscription.status !== 'canceled' : subscription.status === params.status)),
    );
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  }

  function portalCreate(params) {
    if (typeof params.customer !== 'string') throw new StripeError(400, 'Missing required param: customer.', { param: 'customer' });
    liveCustomer(params.customer, 'customer');
    const id = newId('bps');
    const portal = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_fake',
      created: nowSeconds(),
      customer: params.customer,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: params.return_url ?? null,
      url: `${baseUrl}/portal/${id}`,
    };
    portalSessions.set(id, portal);
    return portal;
  }

  function portalGet(id) {
    const portal = portalSessions.get(id);
    if (!portal) throw missing('billing_portal.session', id);
    return portal;
  }

  /** The public shape of a session: without the fake's bookkeeping fields. */
  const publicSession = (session) => Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));

  const routes = [
    ['POST', /^\/v1\/customers$/, (_m, params) => customerCreate(params)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, ([id]) => customerGet(id)],
    ['DELETE', /^\/v1\/customers\/([^/]+)$/, ([id]) => customerDelete(id)],
    ['POST', /^\/v1\/checkout\/sessions$/, (_m, params) => publicSession(sessionCreate(params))],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, ([id]) => publicSession(sessionGet(id))],
    ['POST', /^\/v1\/billing_portal\/sessions$/, (_m, params) => portalCreate(params)],
    ['GET', /^\/v1\/subscriptions$/, (_m, params) => subscriptionList(params)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ([id]) => subscriptionGet(id)],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, ([id], params) => subscriptionUpdate(id, params)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, ([id]) => subscriptionCancel(id)],
    ['POST', /^\/_test\/checkout\/sessions\/([^/]+)\/complete$/, ([id]) => publicSession(completeSession(id))],
    ['GET', /^\/_test\/billing_portal\/sessions\/([^/]+)$/, ([id]) => portalGet(id)],
    ['GET', /^\/_test\/health$/, () => ({ ok: true })],
    ['GET', /^\/_test\/requests$/, () => ({ data: requests })],
  ];

  function apiKeyError(request) {
    const match = /^Bearer (sk_test_\S+)$/.exec(request.headers.authorization ?? '');
    if (match) return null;
    return new StripeError(401, 'Invalid API Key provided (the fake accepts any sk_test_… key).', { code: 'api_key_invalid' });
  }

  const servePage = createHostedPages({
    webhook,
    state: { subscriptions, sessionGet, completeSession, publicSession, portalGet, subscriptionGet, subscriptionUpdate },
  });

  async function handle(request, response) {
    const url = new URL(request.url ?? '/', baseUrl);
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8');
    const send = (status, json) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(json));
    };

    if (await servePage(request, url, response)) return;

    if (request.method === 'GET' && url.pathname === '/_test/customers') {
      const email = url.searchParams.get('email');
      const live = [...customers.values()].filter((customer) => !deletedCustomers.has(customer.id));
      return send(200, { data: live.filter((customer) => email === null || customer.email === email) });
    }

    const route = routes.find(([method, pattern]) => method === request.method && pattern.test(url.pathname));
    if (!route) return send(404, new StripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`).body);
    const isControl = url.pathname.startsWith('/_test/');
    const idempotencyKey = request.headers['idempotency-key'];
    if (!isControl) {
      requests.push({ method: request.method, path: url.pathname, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null });
      const keyError = apiKeyError(request);
      if (keyError) return send(keyError.status, keyError.body);
    }

    // Stripe replays the first answer to a POST with the same key, and refuses the key with
    // different parameters.
    const replayable = request.method === 'POST' && typeof idempotencyKey === 'string' && !isControl;
    const fingerprint = `${request.method} ${url.pathname} ${body}`;
    if (replayable) {
      const earlier = idempotency.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          const error = new StripeError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            { type: 'idempotency_error' },
          );
          return send(error.status, error.body);
        }
        response.setHeader('idempotent-replayed', 'true');
        return send(earlier.status, earlier.json);
      }
    }

    let status = 200;
    let json;
    try {
      const params = request.method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(body);
      json = route[2](route[1].exec(url.pathname).slice(1), params);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      json = error.body;
    }
    // A snapshot: later changes to the object must not change a replayed answer.
    const snapshot = JSON.parse(JSON.stringify(json));
    if (replayable) idempotency.set(idempotencyKey, { fingerprint, status, json: snapshot });
    return send(status, snapshot);
  }

  return {
    handle,
    customers,
    sessions,
    subscriptions,
    completeSession: (id) => publicSession(completeSession(id)),
    /** Listens on 127.0.0.1:`port`; resolves with `close`. */
    start(port = FAKE_STRIPE_PORT) {
      const server = createServer((request, response) => {
        handle(request, response).catch((error) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: String(error?.message ?? error) } }));
        });
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          const actual = server.address().port;
          // Port 0 (tests): the URLs the fake hands out name the port it got.
          if (configuredBaseUrl === undefined) baseUrl = `http://127.0.0.1:${actual}`;
          resolve({
            port: actual,
            close: () =>
              new Promise((done) => {
                server.close(() => done());
                // The SDK keeps connections alive; closing waits for none of them.
                server.closeAllConnections();
              }),
          });
        });
      });
    },
  };
}
