import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller, requireObject } from '../lib/callable';
import { decidePortal } from './decide';
import { defaultBillingDeps, type BillingDeps } from './deps';
import { stripeSecrets } from './secrets';
import { takeBillingSession } from './session';
import { loadBillingFacts } from './store';
import { stripeFailure } from './stripeErrors';

// SPEC.md §7 createBillingPortalSession (→ url): Stripe's Customer Portal for the caller's stored
// customer, returning to /billing. No customer yet: failed-precondition.

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
    throw stripeFailure('createBillingPortalSession', caller.uid, error);
  }
}

export const createBillingPortalSession = onCall({ secrets: stripeSecrets() }, (request) =>
  handleCreateBillingPortalSession(request, defaultBillingDeps()),
);
