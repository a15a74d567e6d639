// Subscriptions for the firestore tier's users (docs/rules.md, "Plan limits"): a new personal
// entry or group needs its writer's paid access, read from users/{uid}.subscription. Tests that are
// not about plans give their writers a live trial; the matrix's plan rows use the others.
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { newTrialSubscription } from '@keyloft/contract/trial';

const DAY = 86_400_000;

/** The 14-day trial every new account starts with, begun now. */
export function liveTrial(now = Date.now()): SubscriptionRecord {
  return newTrialSubscription(now);
}

/** The same trial, begun 15 days ago: over, though its status still says 'trialing'. */
export function expiredTrial(now = Date.now()): SubscriptionRecord {
  return newTrialSubscription(now - 15 * DAY);
}

/** A paid plan on `status`, its period running. */
export function paidPlan(planId: string, status: SubscriptionRecord['status'] = 'active', now = Date.now()): SubscriptionRecord {
  return {
    id: `sub_${planId}`,
    customerId: 'cus_1',
    status,
    planId,
    planName: planId,
    currentPeriodStart: now,
    currentPeriodEnd: now + 30 * DAY,
    cancelAtPeriodEnd: false,
    trialStart: null,
    trialEnd: null,
    isFreeTrialOnly: false,
    updatedAt: now,
  };
}

/** What the webhook leaves when a subscription ends: the free plan. */
export function freePlan(now = Date.now()): SubscriptionRecord {
  return { ...paidPlan('free', 'active', now), id: null, planName: 'Free' };
}

/** users/{uid} as far as the plan rules read it. */
export function userWith(subscription: SubscriptionRecord): { subscription: SubscriptionRecord } {
  return { subscription };
}

/** Gives `uid` a live trial (merged into any record), with the rules off. */
export async function seedLiveTrial(env: RulesTestEnvironment, uid: string): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'users', uid), userWith(liveTrial()), { merge: true });
  });
}
