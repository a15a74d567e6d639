import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller, requireObject } from '../lib/callable';
import { BILLING_REFUSALS, decidePortal } from './decide';
import { defaultBillingDeps, type BillingDeps } from './deps';
import { stripeSecrets } from './secrets';
import { takeBillingSession } from './session';
import { loadBillingFacts } from './store';
import { stripeFailure } from './stripeErrors';
import { onLiveCall } from '../lib/liveCall';

// SPEC.md §7 createBillingPortalSession (→ url): Stripe's Customer Portal for the caller's stored
// customer, returning to /billing. No customer yet, or one Stripe no longer has: failed-precondition.

export async function handleCreateBillingPortalSession(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: BillingDeps,
): Promise<{ url: string | null }> {
  const caller = requireCaller(request);
  requireObject(request.data);
  const facts = await loadBillingFacts(deps.db(), caller.uid);
  const decision = decidePortal(facts.customerId, deps.appUrl());
  if (decision.kind === 'refuse') throw new HttpsError(decision.code, decision.message);
  await takeBillingSession(deps, caller.uid);
  try {
    const session = await deps.stripe().billingPortal.sessions.create({ customer: decision.customerId, return_url: decision.returnUrl });
    return { url: session.url };
  } catch (error) {
    // The customer was deleted in Stripe's dashboard (or belongs to other keys): nothing to manage;
    // the next checkout makes a new one (customer.ts).
    if ((error as { code?: unknown } | null)?.code === 'resource_missing') {
      throw new HttpsError('failed-precondition', BILLING_REFUSALS.customerGone);
    }
    throw stripeFailure('createBillingPortalSession', caller.uid, error);
  }
}

export const createBillingPortalSession = onLiveCall({ secrets: stripeSecrets() }, (request) =>
  handleCreateBillingPortalSession(request, defaultBillingDeps()),
);
