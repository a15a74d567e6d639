// Reading users/{uid}.subscription as the server stored it (SPEC.md §3 Subscription). Pure.
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { FREE_PLAN_ID, type SubscriptionStatus } from '@keyloft/contract/subscription';

const STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'canceled', 'past_due', 'incomplete', 'unpaid'];

const isStatus = (value: unknown): value is SubscriptionStatus => typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
const finiteOr = <T>(value: unknown, otherwise: T): number | T => (typeof value === 'number' && Number.isFinite(value) ? value : otherwise);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The stored subscription, or null when there is none or it is unusable (no known status or plan
 * id): callers then treat the user as on the free plan, active (SPEC.md §4).
 */
export function readSubscriptionRecord(value: unknown): SubscriptionRecord | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const sub = value as Record<string, unknown>;
  if (!isStatus(sub.status) || typeof sub.planId !== 'string' || sub.planId === '') return null;
  const start = finiteOr(sub.currentPeriodStart, 0);
  return {
    id: stringOrNull(sub.id),
    customerId: stringOrNull(sub.customerId),
    status: sub.status,
    planId: sub.planId,
    planName: typeof sub.planName === 'string' && sub.planName !== '' ? sub.planName : sub.planId,
    currentPeriodStart: start,
    currentPeriodEnd: finiteOr(sub.currentPeriodEnd, start),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd === true,
    trialStart: finiteOr(sub.trialStart, null),
    trialEnd: finiteOr(sub.trialEnd, null),
    isFreeTrialOnly: sub.isFreeTrialOnly === true,
    updatedAt: finiteOr(sub.updatedAt, start),
  };
}

/**
 * The free plan, active, from `since` on. The free plan has no billing period: its period starts
 * and ends at `since`, and it neither renews nor cancels (cancelAtPeriodEnd false).
 */
export function freeSubscription(since: number, keep: { customerId: string | null; trialStart: number | null; trialEnd: number | null }): SubscriptionRecord {
  return {
    id: null,
    customerId: keep.customerId,
    status: 'active',
    planId: FREE_PLAN_ID,
    planName: 'Free',
    currentPeriodStart: since,
    currentPeriodEnd: since,
    cancelAtPeriodEnd: false,
    trialStart: keep.trialStart,
    trialEnd: keep.trialEnd,
    isFreeTrialOnly: false,
    updatedAt: since,
  };
}
