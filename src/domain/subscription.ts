// Subscription rules of SPEC.md §4 ("Trial", "Subscription display"), §6 (feature access by plan)
// and §9 (team limits, prices). Pure: every time-dependent rule takes `now` in epoch milliseconds.
//
// Decisions the spec leaves open:
// - When a subscription is in its trial: status 'trialing' and the trial end strictly after `now`.
//   The trial end is trialEnd; a free-trial-only subscription has no paid period after its trial,
//   so for it the earlier of trialEnd and currentPeriodEnd counts (currentPeriodEnd alone when
//   trialEnd is missing). A card-backed trial with no trialEnd is not treated as a trial.
// - Access to paid features (no 'Upgrade to Access' overlay): never on the free plan; on a
//   free-trial-only subscription only while the trial is on, whatever the status says, so an
//   expired trial cannot escape the overlay; on a paid plan: 'active' and 'past_due' (the payment
//   provider's retry grace) keep access, 'canceled', 'unpaid' and 'incomplete' lose it, and
//   'trialing' keeps it while the trial is on.
// - The plan a user is on for display (badge, buttons, featured card, free card) is the recorded
//   plan while it grants access and the free plan otherwise, so a user whose trial ended or whose
//   paid subscription was cancelled sees Free as current and can upgrade again.

import { MS_PER_DAY } from './trial';

export type SubscriptionStatus = 'trialing' | 'active' | 'canceled' | 'past_due' | 'incomplete' | 'unpaid';

export const FREE_PLAN_ID = 'free';
export const UNLIMITED_PLAN_ID = 'unlimited';

/** The fields these rules read. The stored subscription record is assignable to it. */
export interface SubscriptionLike {
  readonly status: SubscriptionStatus;
  readonly planId: string;
  readonly planName: string;
  /** Epoch milliseconds; null when there is no billing period (the fallback). */
  readonly currentPeriodEnd: number | null;
  readonly cancelAtPeriodEnd: boolean;
  /** Epoch milliseconds. */
  readonly trialEnd: number | null;
  readonly isFreeTrialOnly: boolean;
}

/** What is assumed when the subscription cannot be read: the free plan, active (SPEC.md §4). */
export const FALLBACK_SUBSCRIPTION: SubscriptionLike = Object.freeze({
  status: 'active',
  planId: FREE_PLAN_ID,
  planName: 'Free',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  trialEnd: null,
  isFreeTrialOnly: false,
});

export function subscriptionOrFallback(value: SubscriptionLike | null | undefined): SubscriptionLike {
  return value ?? FALLBACK_SUBSCRIPTION;
}

/** When the trial ends (epoch ms), or null when the subscription has no known trial end. */
export function trialEndsAt(sub: SubscriptionLike): number | null {
  if (!sub.isFreeTrialOnly) return sub.trialEnd;
  if (sub.trialEnd === null) return sub.currentPeriodEnd;
  if (sub.currentPeriodEnd === null) return sub.trialEnd;
  return Math.min(sub.trialEnd, sub.currentPeriodEnd);
}

export function isInTrial(sub: SubscriptionLike, now: number): boolean {
  if (sub.status !== 'trialing') return false;
  const end = trialEndsAt(sub);
  // Written as a positive comparison so that a NaN date counts as over.
  return end !== null && end > now;
}

/** Whole days left in the trial, rounded up; 0 when the subscription is not in its trial. */
export function trialDaysLeft(sub: SubscriptionLike, now: number): number {
  const end = trialEndsAt(sub);
  if (end === null || !isInTrial(sub, now)) return 0;
  return Math.ceil((end - now) / MS_PER_DAY);
}

export function hasPaidAccess(sub: SubscriptionLike, now: number): boolean {
  if (sub.planId === FREE_PLAN_ID) return false;
  if (sub.isFreeTrialOnly) return isInTrial(sub, now);
  switch (sub.status) {
    case 'active':
    case 'past_due':
      return true;
    case 'trialing':
      return isInTrial(sub, now);
    case 'canceled':
    case 'unpaid':
    case 'incomplete':
      return false;
  }
}

/** Whether personal passwords and My Teams sit under the 'Upgrade to Access' overlay. */
export function showsUpgradeOverlay(sub: SubscriptionLike, now: number): boolean {
  return !hasPaidAccess(sub, now);
}

/** The plan the user is on for display: the recorded plan while it grants access, else free. */
export function effectivePlanId(sub: SubscriptionLike, now: number): string {
  return hasPaidAccess(sub, now) ? sub.planId : FREE_PLAN_ID;
}

export interface StatusText {
  readonly label: 'Trial Mode' | 'Renews on' | 'Cancels on';
  /** Epoch milliseconds, for the caller to format. */
  readonly date: number;
}

/**
 * The line under the status, which itself is shown as-is. null when there is no date to show:
 * the fallback has no billing period, an expired free-trial-only subscription is on the free
 * plan, and the free plan (a downgrade, an ended subscription) neither renews nor cancels.
 */
export function statusText(sub: SubscriptionLike, now: number): StatusText | null {
  if (sub.status === 'trialing' && sub.isFreeTrialOnly) {
    const end = trialEndsAt(sub);
    return end !== null && isInTrial(sub, now) ? { label: 'Trial Mode', date: end } : null;
  }
  // The free plan neither renews nor cancels, whatever period a past subscription left behind.
  if (sub.currentPeriodEnd === null || sub.planId === FREE_PLAN_ID) return null;
  return { label: sub.cancelAtPeriodEnd ? 'Cancels on' : 'Renews on', date: sub.currentPeriodEnd };
}

export type PlanBadge = 'Current Plan' | `Free Trial - ${number} days left`;

/** The badge on the card of `planId`: only the current plan has one. */
export function planBadge(sub: SubscriptionLike, planId: string, now: number): PlanBadge | null {
  if (planId !== effectivePlanId(sub, now)) return null;
  return isInTrial(sub, now) ? `Free Trial - ${trialDaysLeft(sub, now)} days left` : 'Current Plan';
}

export type PlanButton = 'Upgrade' | 'Downgrade' | 'Continue with this plan';

/** The button on the card of `targetPlanId`; null on the card of the plan the user is on. */
export function planButton(currentSub: SubscriptionLike, targetPlanId: string, now: number): PlanButton | null {
  if (currentSub.isFreeTrialOnly && isInTrial(currentSub, now) && targetPlanId === currentSub.planId) {
    return 'Continue with this plan';
  }
  const current = effectivePlanId(currentSub, now);
  if (targetPlanId === current) return null;
  return current === UNLIMITED_PLAN_ID ? 'Downgrade' : 'Upgrade';
}

/** The free plan card is hidden from users on a paid plan who are not on a free trial only. */
export function showsFreePlanCard(sub: SubscriptionLike, now: number): boolean {
  return sub.isFreeTrialOnly || effectivePlanId(sub, now) === FREE_PLAN_ID;
}

/** `currentPlanId` is the plan the user is on (see `effectivePlanId`). */
export function isFeatured(planId: string, currentPlanId: string): boolean {
  return planId === UNLIMITED_PLAN_ID && currentPlanId !== UNLIMITED_PLAN_ID;
}

/** Teams a user may own on each plan; -1 means unlimited (SPEC.md §9). */
export const TEAM_LIMITS = Object.freeze({ free: -1, unlimited: -1, standard: 10, pro: 25 } as const);

function isTeamLimitPlan(planId: string): planId is keyof typeof TEAM_LIMITS {
  return Object.hasOwn(TEAM_LIMITS, planId);
}

/** A plan without a listed limit gets the free plan's, which is unlimited. */
export function teamLimit(planId: string): number {
  return isTeamLimitPlan(planId) ? TEAM_LIMITS[planId] : TEAM_LIMITS.free;
}

/** What the server's plan limits answer (createTeam), shared so that the app can show them as they are. */
export const PLAN_LIMIT_MESSAGES = Object.freeze({
  teamLimitReached: 'Team Creation Limit Reached',
  paidPlanRequired: 'Creating teams needs a paid plan. Upgrade to continue.',
} as const);

/** `ownedTeams` counts the teams the user owns; at the limit, 'Team Creation Limit Reached'. */
export function canCreateTeam(planId: string, ownedTeams: number): boolean {
  const limit = teamLimit(planId);
  return limit === -1 || ownedTeams < limit;
}

export type Feature =
  | 'unlimited_passwords'
  | 'multiple_teams'
  | 'advanced_encryption'
  | 'priority_support'
  | 'sso_integration'
  | 'audit_logs'
  | 'custom_integrations';

const PRO_AND_ENTERPRISE: readonly string[] = ['pro', 'enterprise'];
const ENTERPRISE_ONLY: readonly string[] = ['enterprise'];

/** Plans that include each feature (SPEC.md §6). */
export const FEATURE_PLANS: Readonly<Record<Feature, readonly string[]>> = Object.freeze({
  unlimited_passwords: PRO_AND_ENTERPRISE,
  multiple_teams: PRO_AND_ENTERPRISE,
  advanced_encryption: PRO_AND_ENTERPRISE,
  priority_support: PRO_AND_ENTERPRISE,
  sso_integration: ENTERPRISE_ONLY,
  audit_logs: ENTERPRISE_ONLY,
  custom_integrations: ENTERPRISE_ONLY,
});

export function hasFeature(planId: string, feature: Feature): boolean {
  return FEATURE_PLANS[feature].includes(planId);
}

/** Cents divided by 100 in US currency format: 999 → '$9.99' (SPEC.md §9). */
export function formatPrice(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
