import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { checkoutRequest } from '@keyloft/contract/callables/billing';
import { parsePayload } from '../lib/payload';
import { ensureCustomer } from './customer';
import { checkoutIdempotencyKey, decideCheckout } from './decide';
import { defaultBillingDeps, type BillingDeps } from './deps';
import { stripeSecrets } from './secrets';
import { takeBillingSession } from './session';
import { loadBillingFacts } from './store';
import { stripeFailure } from './stripeErrors';
import { onLiveCall } from '../lib/liveCall';

// SPEC.md §7 createCheckoutSession (planId → url). The price comes from the server's params for
// the plan, never from the client; no trial is added at checkout (the sign-up trial was the
// trial; docs/billing.md). check auth → validate → load → decide (pure) → apply.

export async function handleCreateCheckoutSession(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: BillingDeps,
): Promise<{ url: string | null }> {
  const caller = requireCaller(request);
  const { planId } = parsePayload(checkoutRequest, request.data);

  const facts = await loadBillingFacts(deps.db(), caller.uid);
  const now = deps.now();
  const decision = decideCheckout({ planId, prices: deps.prices(), subscription: facts.subscription, appUrl: deps.appUrl(), now });
  if (decision.kind === 'refuse') throw new HttpsError(decision.code, decision.message);
  await takeBillingSession(deps, caller.uid);

  const customer = await ensureCustomer(deps, caller, facts.customerId);
  try {
    const session = await deps.stripe().checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        client_reference_id: caller.uid,
        line_items: [{ price: decision.priceId, quantity: 1 }],
        success_url: decision.successUrl,
        cancel_url: decision.cancelUrl,
        metadata: { uid: caller.uid, planId: decision.plan.id },
        subscription_data: { metadata: { uid: caller.uid, planId: decision.plan.id } },
      },
      { idempotencyKey: checkoutIdempotencyKey(caller.uid, decision.plan.id, customer, now) },
    );
    return { url: session.url };
  } catch (error) {
    throw stripeFailure('createCheckoutSession', caller.uid, error);
  }
}

export const createCheckoutSession = onLiveCall({ secrets: stripeSecrets() }, (request) =>
  handleCreateCheckoutSession(request, defaultBillingDeps()),
);
