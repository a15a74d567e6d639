import { effectivePlanId, FREE_PLAN_ID, showsUpgradeOverlay, subscriptionOrFallback } from '@keyloft/contract/subscription';
import type { StoredUserRecord } from '../../data/users/userRecord';

export interface Plan {
  /** The upgrade overlay covers the personal sections (an expired trial, an ended plan). */
  readonly locked: boolean;
  readonly planId: string;
  /** The subscription's plan name, shown in Account Settings; null until the record is read. */
  readonly planName: string | null;
}

/** What the dashboard shows of the user's plan, from their record as read at `now` (settled false: not read yet). */
export function planOf(record: StoredUserRecord | null, settled: boolean, now: number): Plan {
  if (!settled) return { locked: false, planId: FREE_PLAN_ID, planName: null };
  // SPEC.md §4: if the subscription cannot be read, the free plan (active) is assumed.
  const subscription = subscriptionOrFallback(record?.subscription);
  return { locked: showsUpgradeOverlay(subscription, now), planId: effectivePlanId(subscription, now), planName: subscription.planName };
}
