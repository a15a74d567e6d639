// The fake's stand-ins for Stripe's hosted pages (docs/billing.md): the Checkout page the
// checkout URL opens, with a Pay button, and the Customer Portal page, with a cancel button. Each
// action changes the fake's state as Stripe would, POSTs the signed webhook event Stripe would
// send (when the fake knows where the webhook is), and redirects the browser as Stripe does. So
// `npm start` can be clicked through end to end, and the browser tier pays the way a user does.
import { createHmac, randomBytes } from 'node:crypto';

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]);

function html(title, body) {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem">
<h1>${escapeHtml(title)}</h1><p><strong>Local fake of Stripe</strong>: no card is charged and nothing leaves this machine.</p>${body}</body></html>`;
}

/** Stripe-Signature for `payload`, as Stripe computes it: HMAC-SHA256 of "{t}.{payload}" under the endpoint secret. */
export function stripeSignature(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** An event as Stripe sends it (API version as the functions pin it). */
export function stripeEventOf(type, object) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * `webhook`: { url, secret } of the endpoint to notify, or null (events are then not sent, as for
 * a Stripe account without an endpoint). `state` is the fake's: its sessions, portal sessions and
 * subscriptions, and the operations that change them.
 */
export function createHostedPages({ webhook, state }) {
  async function deliver(type, object) {
    if (!webhook) return;
    const payload = JSON.stringify(stripeEventOf(type, object));
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, webhook.secret) },
      body: payload,
    });
    // Stripe would retry; a developer clicking through wants to know now.
    if (!response.ok) throw new Error(`the webhook at ${webhook.url} answered ${response.status}: ${await response.text()}`);
  }

  const pages = [
    {
      method: 'GET',
      pattern: /^\/checkout\/([^/]+)$/,
      async run([id]) {
        const session = state.sessionGet(id);
        if (session.status !== 'open') return { html: html('Checkout', `<p>This checkout is ${escapeHtml(session.status)}.</p>`) };
        const prices = session._lineItems.map((item) => `<li>${escapeHtml(item.price)} × ${escapeHtml(item.quantity)}</li>`).join('');
        return {
          html: html(
            'Checkout',
            `<p>Session ${escapeHtml(id)}</p><ul>${prices}</ul>
<form method="post" action="/checkout/${escapeHtml(id)}/pay"><button type="submit">Pay</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>` : ''}`,
          ),
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/checkout\/([^/]+)\/pay$/,
      async run([id]) {
        const session = state.completeSession(id);
        await deliver('checkout.session.completed', state.publicSession(session));
        return { redirect: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/portal\/([^/]+)$/,
      async run([id]) {
        const portal = state.portalGet(id);
        const rows = [...state.subscriptions.values()]
          .filter((subscription) => subscription.customer === portal.customer && subscription.status !== 'canceled')
          .map(
            (subscription) => `<li>${escapeHtml(subscription.id)}: ${escapeHtml(subscription.status)}${subscription.cancel_at_period_end ? ', cancels at the period end' : ''}
<form method="post" action="/portal/${escapeHtml(id)}/${subscription.cancel_at_period_end ? 'renew' : 'cancel'}/${escapeHtml(subscription.id)}">
<button type="submit">${subscription.cancel_at_period_end ? 'Renew subscription' : 'Cancel subscription'}</button></form></li>`,
          )
          .join('');
        return {
          html: html(
            'Customer Portal',
            `<ul>${rows || '<li>No subscriptions.</li>'}</ul>${portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Keyloft</a></p>` : ''}`,
          ),
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/portal\/([^/]+)\/(cancel|renew)\/([^/]+)$/,
      async run([id, action, subscriptionId]) {
        const portal = state.portalGet(id);
        if (state.subscriptionGet(subscriptionId).customer !== portal.customer) throw new Error('not this customer’s subscription');
        const subscription = state.subscriptionUpdate(subscriptionId, { cancel_at_period_end: action === 'cancel' ? 'true' : 'false' });
        await deliver('customer.subscription.updated', subscription);
        return { redirect: `/portal/${id}` };
      },
    },
  ];

  /** Answers a request for a hosted page, or returns false when it is not one. */
  return async function serve(request, url, response) {
    const page = pages.find(({ method, pattern }) => method === request.method && pattern.test(url.pathname));
    if (!page) return false;
    try {
      const result = await page.run(page.pattern.exec(url.pathname).slice(1));
      if (result.redirect) {
        response.writeHead(303, { location: result.redirect });
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(result.html);
      }
    } catch (error) {
      response.writeHead(error?.status ?? 500, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html('Error', `<p>${escapeHtml(error?.message ?? error)}</p>`));
    }
    return true;
  };
}
