import type { BillingPlan } from '@keyloft/contract/billing';
import {
  effectivePlanId,
  FREE_PLAN_ID,
  formatPrice,
  isFeatured,
  planBadge,
  planButton,
  showsFreePlanCard,
  type PlanBadge,
  type PlanButton,
  type SubscriptionLike,
} from '@keyloft/contract/subscription';
import { CallableError } from '../../data/functions/callableError';
import { MissingUrlError } from './billingService';
import { countOf, sentenceDate } from '../../ui/format';

// What the billing screens show, decided without React: the §4 rules of src/domain/subscription.ts
// applied to the catalogue, and the §8 choice between the server's message and the default text.

export interface PlanCardView {
  readonly plan: BillingPlan;
  /** '$4.99' (SPEC.md §9: cents / 100 in US currency format). */
  readonly price: string;
  /** '/month', '/year', or '' for a plan with no billing interval. */
  readonly interval: string;
  readonly badge: PlanBadge | null;
  readonly button: PlanButton | null;
  readonly featured: boolean;
  /** The plan's team limit as a feature line, or null for a plan that creates no teams. */
  readonly teams: string | null;
  /** What the button does. */
  readonly action: 'checkout' | 'downgrade' | null;
}

export function intervalLabel(interval: BillingPlan['interval']): string {
  return interval === null ? '' : `/${interval}`;
}

/**
 * A paid plan's team limit (SPEC.md §9, counted as teams owned). The free plan gets no line: its
 * -1 is the spec's counting rule, but creating a team needs a paid plan once the trial is over
 * (§1), so "Unlimited teams" on the free card would promise what the server refuses.
 */
export function teamLimitLine(plan: BillingPlan): string | null {
  if (plan.price <= 0) return null;
  if (plan.teamLimit === -1) return 'Unlimited teams';
  return `Up to ${countOf(plan.teamLimit, 'team')}`;
}

// SPEC.md §4: a paid plan choice starts a checkout session, 'Continue with this plan' (a trial
// user keeping their trial plan by paying for it) included; choosing free triggers a downgrade.
function actionOf(button: PlanButton | null, planId: string): PlanCardView['action'] {
  if (button === null) return null;
  return planId === FREE_PLAN_ID ? 'downgrade' : 'checkout';
}

/** The cards of the plans grid, in catalogue order, without the free card when §4 hides it. */
export function planCards(plans: readonly BillingPlan[], sub: SubscriptionLike, now: number): PlanCardView[] {
  const current = effectivePlanId(sub, now);
  return plans
    .filter((plan) => plan.id !== FREE_PLAN_ID || showsFreePlanCard(sub, now))
    .map((plan) => {
      const button = planButton(sub, plan.id, now);
      return {
        plan,
        price: formatPrice(plan.price, plan.currency),
        interval: intervalLabel(plan.interval),
        badge: planBadge(sub, plan.id, now),
        button,
        featured: isFeatured(plan.id, current),
        teams: teamLimitLine(plan),
        action: actionOf(button, plan.id),
      };
    });
}

/** The name on the current plan card: the recorded plan's while it grants access, else free's. */
export function currentPlanName(plans: readonly BillingPlan[], sub: SubscriptionLike, now: number): string {
  const planId = effectivePlanId(sub, now);
  if (planId === sub.planId) return sub.planName;
  return plans.find((plan) => plan.id === planId)?.name ?? 'Free';
}

/** 'January 15, 2027', in the browser's time zone. */
export function formatBillingDate(epochMs: number): string {
  const text = sentenceDate(epochMs, 'longMonth');
  // As Intl does: a date the server got wrong is a failure to see, not a blank.
  if (text === null) throw new RangeError(`Invalid billing date: ${String(epochMs)}`);
  return text;
}

/**
 * The text of a §8 billing dialog: the server's message when it sent one meant for people, or a
 * missing-url message, otherwise the default. Transport failures ('internal', 'unknown') carry the
 * SDK's code word, not a message, so they get the default.
 */
export function dialogMessage(error: unknown, fallback: string): string {
  if (error instanceof MissingUrlError) return error.message;
  if (error instanceof CallableError && error.code !== 'internal' && error.code !== 'unknown' && error.message.trim() !== '') {
    return error.message;
  }
  return fallback;
}
