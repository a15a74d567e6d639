import type { CallableRequest } from 'firebase-functions/v2/https';
import type { SubscriptionStatusResult } from '@keyloft/contract/billing';
import { requireCaller, requireObject } from '../lib/callable';
import { subscriptionStatus } from './decide';
import { defaultBillingDeps, type BillingDeps } from './deps';
import { loadBillingFacts } from './store';
import { onLiveCall } from '../lib/liveCall';

// SPEC.md §7 getSubscriptionStatus: the caller's subscription (users/{uid}.subscription), its
// plan, and isInTrial / trialDaysLeft by src/domain/subscription.ts. No record, or none usable:
// the free plan, active (§4).

export async function handleGetSubscriptionStatus(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: Pick<BillingDeps, 'db' | 'now'>,
): Promise<SubscriptionStatusResult> {
  const caller = requireCaller(request);
  requireObject(request.data);
  const facts = await loadBillingFacts(deps.db(), caller.uid);
  return subscriptionStatus(facts.subscription, facts.customerId, deps.now());
}

export const getSubscriptionStatus = onLiveCall((request) => handleGetSubscriptionStatus(request, defaultBillingDeps()));
