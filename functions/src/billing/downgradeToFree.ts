import type { CallableRequest } from 'firebase-functions/v2/https';
import { requireCaller } from '../lib/callable';
import { requireNoArguments } from '../lib/payload';
import { decideDowngrade } from './decide';
import { defaultBillingDeps, type BillingDeps } from './deps';
import { stripeSecrets } from './secrets';
import { loadBillingFacts, userRef } from './store';
import { stripeFailure } from './stripeErrors';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// SPEC.md §7 downgradeToFree. A paid Stripe subscription is cancelled at the end of the period
// already paid for (cancel_at_period_end at Stripe, recorded as cancelAtPeriodEnd; the webhook
// records the end itself). The sign-up trial has nothing at Stripe: it ends now and the free plan
// is written. Idempotent: a second call finds nothing left to do. Existing data is never touched.

const DOWNGRADE_WINDOW_MS = 60_000;

export async function handleDowngradeToFree(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: BillingDeps,
): Promise<{ success: true }> {
  const caller = requireCaller(request);
  requireNoArguments(request.data);
  const db = deps.db();

  // The trial case is decided and applied in one transaction; the Stripe case is only decided.
  const decision = await runTransactionWithRetry(db, async (tx) => {
    const facts = await loadBillingFacts(db, caller.uid, tx);
    const decided = decideDowngrade(facts.subscription, deps.now());
    if (decided.kind === 'write-free') tx.update(userRef(db, caller.uid), { subscription: decided.record });
    return decided;
  });
  if (decision.kind !== 'cancel-at-period-end') return { success: true };

  const now = deps.now();
  try {
    // Setting the flag is idempotent at Stripe; the key only makes retries of one click one request.
    await deps
      .stripe()
      .subscriptions.update(
        decision.subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `keyloft-downgrade-${decision.subscriptionId}-${Math.floor(now / DOWNGRADE_WINDOW_MS)}` },
      );
  } catch (error) {
    throw stripeFailure('downgradeToFree', caller.uid, error);
  }
  await runTransactionWithRetry(db, async (tx) => {
    const facts = await loadBillingFacts(db, caller.uid, tx);
    // Only the subscription that was cancelled: a webhook may have replaced the record meanwhile.
    if (facts.subscription?.id !== decision.subscriptionId) return;
    tx.update(userRef(db, caller.uid), { 'subscription.cancelAtPeriodEnd': true, 'subscription.updatedAt': deps.now() });
  });
  return { success: true };
}

export const downgradeToFree = onLiveCall({ secrets: stripeSecrets() }, (request) => handleDowngradeToFree(request, defaultBillingDeps()));
