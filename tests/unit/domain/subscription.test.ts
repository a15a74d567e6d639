import { describe, expect, it } from 'vitest';
import type { StoredSubscription, SubscriptionStatus as StoredStatus } from '../../../src/data/users/userRecord';
import {
  canCreateTeam,
  effectivePlanId,
  FALLBACK_SUBSCRIPTION,
  FEATURE_PLANS,
  formatPrice,
  hasFeature,
  hasPaidAccess,
  isFeatured,
  isInTrial,
  planBadge,
  planButton,
  showsFreePlanCard,
  showsUpgradeOverlay,
  statusText,
  subscriptionOrFallback,
  TEAM_LIMITS,
  teamLimit,
  trialDaysLeft,
  trialEndsAt,
  type Feature,
  type SubscriptionLike,
  type SubscriptionStatus,
} from '@keyloft/contract/subscription';
import { MS_PER_DAY, newTrialSubscription, TRIAL_DAYS } from '@keyloft/contract/trial';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 86_400_000;

/** A new account's trial whose end is `msLeft` after NOW (negative: already over). */
function trial(msLeft: number): StoredSubscription {
  return newTrialSubscription(NOW + msLeft - TRIAL_DAYS * MS_PER_DAY);
}

/** A subscription bought through the payment provider. */
function paid(overrides: Partial<StoredSubscription> = {}): StoredSubscription {
  return {
    id: 'sub_123',
    customerId: 'cus_123',
    status: 'active',
    planId: 'unlimited',
    planName: 'Unlimited',
    currentPeriodStart: NOW - 10 * DAY,
    currentPeriodEnd: NOW + 20 * DAY,
    cancelAtPeriodEnd: false,
    trialStart: null,
    trialEnd: null,
    isFreeTrialOnly: false,
    updatedAt: NOW - 10 * DAY,
    ...overrides,
  };
}

function freePlan(overrides: Partial<StoredSubscription> = {}): StoredSubscription {
  return paid({ planId: 'free', planName: 'Free', ...overrides });
}

const ALL_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'canceled', 'past_due', 'incomplete', 'unpaid'];

describe('the input type', () => {
  it('accepts the stored record and a new trial as they are', () => {
    const stored: StoredSubscription = paid();
    const fromStore: SubscriptionLike = stored;
    const fromTrial: SubscriptionLike = newTrialSubscription(NOW);
    // Both status unions list the same values, so neither side can drift without a type error.
    const statuses: readonly StoredStatus[] = ALL_STATUSES;
    const back: readonly SubscriptionStatus[] = statuses;
    expect(fromStore.planId).toBe('unlimited');
    expect(fromTrial.status).toBe('trialing');
    expect(back).toHaveLength(6);
  });
});

describe('fallback (SPEC.md §4: the free plan with status active when the subscription cannot be read)', () => {
  it('is the free plan, active, with no period and no trial', () => {
    expect(FALLBACK_SUBSCRIPTION).toEqual({
      status: 'active',
      planId: 'free',
      planName: 'Free',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      trialEnd: null,
      isFreeTrialOnly: false,
    });
    expect(Object.isFrozen(FALLBACK_SUBSCRIPTION)).toBe(true);
  });

  it('replaces null and undefined and passes a subscription through', () => {
    expect(subscriptionOrFallback(null)).toBe(FALLBACK_SUBSCRIPTION);
    expect(subscriptionOrFallback(undefined)).toBe(FALLBACK_SUBSCRIPTION);
    const sub = paid();
    expect(subscriptionOrFallback(sub)).toBe(sub);
  });

  it('is shown as the free plan: overlay on, free card current, every other plan an upgrade', () => {
    const sub = subscriptionOrFallback(null);
    expect(isInTrial(sub, NOW)).toBe(false);
    expect(trialDaysLeft(sub, NOW)).toBe(0);
    expect(hasPaidAccess(sub, NOW)).toBe(false);
    expect(showsUpgradeOverlay(sub, NOW)).toBe(true);
    expect(statusText(sub, NOW)).toBeNull();
    expect(planBadge(sub, 'free', NOW)).toBe('Current Plan');
    expect(planBadge(sub, 'unlimited', NOW)).toBeNull();
    expect(planButton(sub, 'free', NOW)).toBeNull();
    expect(planButton(sub, 'unlimited', NOW)).toBe('Upgrade');
    expect(showsFreePlanCard(sub, NOW)).toBe(true);
  });
});

describe('isInTrial and trialDaysLeft', () => {
  it('a new account is in a 14-day trial', () => {
    const sub = newTrialSubscription(NOW);
    expect(isInTrial(sub, NOW)).toBe(true);
    expect(trialDaysLeft(sub, NOW)).toBe(14);
  });

  it('is over when the trial ends exactly now', () => {
    expect(isInTrial(trial(0), NOW)).toBe(false);
    expect(trialDaysLeft(trial(0), NOW)).toBe(0);
  });

  it('rounds the days left up, with 86,400,000 ms per day', () => {
    expect(trialDaysLeft(trial(1), NOW)).toBe(1);
    expect(trialDaysLeft(trial(DAY - 1), NOW)).toBe(1);
    expect(trialDaysLeft(trial(DAY), NOW)).toBe(1);
    expect(trialDaysLeft(trial(DAY + 1), NOW)).toBe(2);
    expect(trialDaysLeft(trial(14 * DAY), NOW)).toBe(14);
    expect(isInTrial(trial(1), NOW)).toBe(true);
  });

  it('is 0 days once the trial is over', () => {
    expect(isInTrial(trial(-1), NOW)).toBe(false);
    expect(trialDaysLeft(trial(-1), NOW)).toBe(0);
    expect(trialDaysLeft(trial(-30 * DAY), NOW)).toBe(0);
  });

  it('needs the status trialing', () => {
    for (const status of ALL_STATUSES.filter((s) => s !== 'trialing')) {
      const sub = { ...trial(5 * DAY), status };
      expect(isInTrial(sub, NOW), status).toBe(false);
      expect(trialDaysLeft(sub, NOW), status).toBe(0);
    }
  });

  it('a trial-only subscription without trialEnd runs to the current period end', () => {
    const sub = { ...trial(3 * DAY), trialEnd: null };
    expect(trialEndsAt(sub)).toBe(NOW + 3 * DAY);
    expect(isInTrial(sub, NOW)).toBe(true);
    expect(trialDaysLeft(sub, NOW)).toBe(3);
    expect(isInTrial({ ...sub, currentPeriodEnd: NOW }, NOW)).toBe(false);
  });

  it('a trial-only subscription ends at the earlier of trialEnd and the period end', () => {
    const periodLonger = { ...trial(2 * DAY), currentPeriodEnd: NOW + 10 * DAY };
    expect(trialEndsAt(periodLonger)).toBe(NOW + 2 * DAY);
    expect(trialDaysLeft(periodLonger, NOW)).toBe(2);

    const trialLonger = { ...trial(10 * DAY), currentPeriodEnd: NOW + 2 * DAY };
    expect(trialEndsAt(trialLonger)).toBe(NOW + 2 * DAY);
    expect(trialDaysLeft(trialLonger, NOW)).toBe(2);

    const periodOver = { ...trial(10 * DAY), currentPeriodEnd: NOW - 1 };
    expect(isInTrial(periodOver, NOW)).toBe(false);
  });

  it('a card-backed trial runs to trialEnd only, not to the period end', () => {
    const sub = paid({ status: 'trialing', trialStart: NOW - DAY, trialEnd: NOW + 6 * DAY, currentPeriodEnd: NOW + 40 * DAY });
    expect(trialEndsAt(sub)).toBe(NOW + 6 * DAY);
    expect(isInTrial(sub, NOW)).toBe(true);
    expect(trialDaysLeft(sub, NOW)).toBe(6);
    expect(isInTrial({ ...sub, trialEnd: null }, NOW)).toBe(false);
    expect(trialEndsAt({ ...sub, trialEnd: null })).toBeNull();
  });

  it('treats an unreadable date as over', () => {
    const sub = { ...trial(5 * DAY), trialEnd: Number.NaN };
    expect(isInTrial(sub, NOW)).toBe(false);
    expect(trialDaysLeft(sub, NOW)).toBe(0);
    expect(hasPaidAccess(sub, NOW)).toBe(false);
  });
});

describe('paid access and the Upgrade to Access overlay', () => {
  it('the free plan is always under the overlay, whatever its status', () => {
    for (const status of ALL_STATUSES) {
      const sub = freePlan({ status, trialEnd: NOW + DAY });
      expect(hasPaidAccess(sub, NOW), status).toBe(false);
      expect(showsUpgradeOverlay(sub, NOW), status).toBe(true);
    }
  });

  it('a trial-only subscription in its trial has access, down to its last millisecond', () => {
    expect(showsUpgradeOverlay(newTrialSubscription(NOW), NOW)).toBe(false);
    expect(showsUpgradeOverlay(trial(1), NOW)).toBe(false);
    expect(hasPaidAccess(trial(1), NOW)).toBe(true);
  });

  it('an expired trial-only Unlimited trial is treated as free: the overlay is on', () => {
    for (const sub of [trial(0), trial(-1), trial(-90 * DAY)]) {
      expect(sub.status).toBe('trialing');
      expect(sub.planId).toBe('unlimited');
      expect(hasPaidAccess(sub, NOW)).toBe(false);
      expect(showsUpgradeOverlay(sub, NOW)).toBe(true);
      expect(effectivePlanId(sub, NOW)).toBe('free');
    }
  });

  it('a trial-only subscription never gets access outside its trial, whatever its status says', () => {
    for (const status of ALL_STATUSES.filter((s) => s !== 'trialing')) {
      expect(showsUpgradeOverlay({ ...trial(5 * DAY), status }, NOW), status).toBe(true);
    }
  });

  it('a paid plan keeps access while active or past due (grace), and loses it otherwise', () => {
    const expected: Record<Exclude<SubscriptionStatus, 'trialing'>, boolean> = {
      active: true,
      past_due: true,
      canceled: false,
      unpaid: false,
      incomplete: false,
    };
    for (const [status, access] of Object.entries(expected) as [SubscriptionStatus, boolean][]) {
      const sub = paid({ status });
      expect(hasPaidAccess(sub, NOW), status).toBe(access);
      expect(showsUpgradeOverlay(sub, NOW), status).toBe(!access);
    }
  });

  it('an active paid plan set to cancel at the period end keeps access until it is cancelled', () => {
    expect(showsUpgradeOverlay(paid({ cancelAtPeriodEnd: true }), NOW)).toBe(false);
  });

  it('any plan other than free counts as paid', () => {
    for (const planId of ['unlimited', 'standard', 'pro', 'enterprise']) {
      expect(showsUpgradeOverlay(paid({ planId }), NOW), planId).toBe(false);
    }
  });

  it('a card-backed trial has access while its trial is on', () => {
    const sub = paid({ status: 'trialing', trialEnd: NOW + DAY });
    expect(showsUpgradeOverlay(sub, NOW)).toBe(false);
    expect(showsUpgradeOverlay({ ...sub, trialEnd: NOW }, NOW)).toBe(true);
  });
});

describe('statusText (SPEC.md §4 "Subscription display")', () => {
  it("a trial-only subscription shows 'Trial Mode' and the trial expiry date", () => {
    expect(statusText(trial(5 * DAY), NOW)).toEqual({ label: 'Trial Mode', date: NOW + 5 * DAY });
    expect(statusText({ ...trial(5 * DAY), trialEnd: null }, NOW)).toEqual({ label: 'Trial Mode', date: NOW + 5 * DAY });
  });

  it('an expired trial-only subscription is on the free plan: no date to show', () => {
    expect(statusText(trial(0), NOW)).toBeNull();
    expect(statusText(trial(-DAY), NOW)).toBeNull();
  });

  it("otherwise 'Renews on' the period end, or 'Cancels on' it when set to cancel", () => {
    expect(statusText(paid(), NOW)).toEqual({ label: 'Renews on', date: NOW + 20 * DAY });
    expect(statusText(paid({ cancelAtPeriodEnd: true }), NOW)).toEqual({ label: 'Cancels on', date: NOW + 20 * DAY });
  });

  it('a card-backed trial shows the period end, not Trial Mode', () => {
    const sub = paid({ status: 'trialing', trialEnd: NOW + DAY });
    expect(statusText(sub, NOW)).toEqual({ label: 'Renews on', date: NOW + 20 * DAY });
  });

  it('every other status shows the period end too (the status itself is shown as-is)', () => {
    for (const status of ['active', 'canceled', 'past_due', 'incomplete', 'unpaid'] as const) {
      expect(statusText(paid({ status }), NOW)?.label, status).toBe('Renews on');
      expect(statusText(paid({ status, cancelAtPeriodEnd: true }), NOW)?.label, status).toBe('Cancels on');
    }
  });

  it('the fallback has no period: nothing to show', () => {
    expect(statusText(FALLBACK_SUBSCRIPTION, NOW)).toBeNull();
  });

  it('the free plan neither renews nor cancels, even with the period an ended subscription left', () => {
    expect(statusText(freePlan(), NOW)).toBeNull();
    expect(statusText(paid({ planId: 'free', planName: 'Free', currentPeriodEnd: NOW - DAY }), NOW)).toBeNull();
  });
});

describe('planBadge', () => {
  it("is 'Current Plan' on the plan the user pays for, and nothing on the others", () => {
    expect(planBadge(paid(), 'unlimited', NOW)).toBe('Current Plan');
    expect(planBadge(paid(), 'free', NOW)).toBeNull();
    expect(planBadge(paid({ planId: 'pro' }), 'pro', NOW)).toBe('Current Plan');
    expect(planBadge(freePlan(), 'free', NOW)).toBe('Current Plan');
    expect(planBadge(freePlan(), 'unlimited', NOW)).toBeNull();
  });

  it("is 'Free Trial - {n} days left' on the trial plan", () => {
    expect(planBadge(newTrialSubscription(NOW), 'unlimited', NOW)).toBe('Free Trial - 14 days left');
    expect(planBadge(trial(DAY + 1), 'unlimited', NOW)).toBe('Free Trial - 2 days left');
    expect(planBadge(trial(1), 'unlimited', NOW)).toBe('Free Trial - 1 days left');
    expect(planBadge(trial(5 * DAY), 'free', NOW)).toBeNull();
    expect(planBadge(paid({ status: 'trialing', trialEnd: NOW + 3 * DAY }), 'unlimited', NOW)).toBe(
      'Free Trial - 3 days left',
    );
  });

  it('moves to the free plan when the trial is over or the paid plan lost access', () => {
    expect(planBadge(trial(0), 'unlimited', NOW)).toBeNull();
    expect(planBadge(trial(0), 'free', NOW)).toBe('Current Plan');
    expect(planBadge(paid({ status: 'canceled' }), 'unlimited', NOW)).toBeNull();
    expect(planBadge(paid({ status: 'canceled' }), 'free', NOW)).toBe('Current Plan');
    expect(planBadge(paid({ status: 'past_due' }), 'unlimited', NOW)).toBe('Current Plan');
  });
});

describe('planButton', () => {
  it("a trial-only user sees 'Continue with this plan' on the trial plan and an upgrade elsewhere", () => {
    const sub = trial(5 * DAY);
    expect(planButton(sub, 'unlimited', NOW)).toBe('Continue with this plan');
    expect(planButton(sub, 'free', NOW)).toBe('Downgrade');
    expect(planButton(trial(1), 'unlimited', NOW)).toBe('Continue with this plan');
  });

  it('after an expired trial the user is on free: Upgrade to unlimited, nothing on free', () => {
    expect(planButton(trial(0), 'unlimited', NOW)).toBe('Upgrade');
    expect(planButton(trial(-DAY), 'pro', NOW)).toBe('Upgrade');
    expect(planButton(trial(0), 'free', NOW)).toBeNull();
  });

  it("a paying unlimited user has no button on unlimited and 'Downgrade' on any other plan", () => {
    expect(planButton(paid(), 'unlimited', NOW)).toBeNull();
    expect(planButton(paid(), 'free', NOW)).toBe('Downgrade');
    expect(planButton(paid(), 'pro', NOW)).toBe('Downgrade');
    expect(planButton(paid({ status: 'past_due' }), 'free', NOW)).toBe('Downgrade');
    expect(planButton(paid({ status: 'trialing', trialEnd: NOW + DAY }), 'unlimited', NOW)).toBeNull();
  });

  it("a free user sees 'Upgrade' on every other plan", () => {
    expect(planButton(freePlan(), 'unlimited', NOW)).toBe('Upgrade');
    expect(planButton(freePlan(), 'pro', NOW)).toBe('Upgrade');
    expect(planButton(freePlan(), 'free', NOW)).toBeNull();
  });

  it("a user on another paid plan sees 'Upgrade' on the others, unlimited included", () => {
    const sub = paid({ planId: 'pro', planName: 'Pro' });
    expect(planButton(sub, 'pro', NOW)).toBeNull();
    expect(planButton(sub, 'unlimited', NOW)).toBe('Upgrade');
    expect(planButton(sub, 'free', NOW)).toBe('Upgrade');
  });

  it('a paid plan that lost access can be bought again', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete'] as const) {
      expect(planButton(paid({ status }), 'unlimited', NOW), status).toBe('Upgrade');
      expect(planButton(paid({ status }), 'free', NOW), status).toBeNull();
    }
  });
});

describe('showsFreePlanCard and isFeatured', () => {
  it('hides the free card from users on a paid plan who are not trial-only', () => {
    expect(showsFreePlanCard(paid(), NOW)).toBe(false);
    expect(showsFreePlanCard(paid({ status: 'past_due' }), NOW)).toBe(false);
    expect(showsFreePlanCard(paid({ planId: 'pro' }), NOW)).toBe(false);
  });

  it('shows it to trial-only users, free users and users whose paid plan lost access', () => {
    expect(showsFreePlanCard(trial(5 * DAY), NOW)).toBe(true);
    expect(showsFreePlanCard(trial(0), NOW)).toBe(true);
    expect(showsFreePlanCard(freePlan(), NOW)).toBe(true);
    expect(showsFreePlanCard(FALLBACK_SUBSCRIPTION, NOW)).toBe(true);
    expect(showsFreePlanCard(paid({ status: 'canceled' }), NOW)).toBe(true);
  });

  it('features unlimited unless it is the current plan', () => {
    expect(isFeatured('unlimited', 'free')).toBe(true);
    expect(isFeatured('unlimited', 'pro')).toBe(true);
    expect(isFeatured('unlimited', 'unlimited')).toBe(false);
    expect(isFeatured('free', 'unlimited')).toBe(false);
    expect(isFeatured('pro', 'free')).toBe(false);
    expect(isFeatured('unlimited', effectivePlanId(trial(5 * DAY), NOW))).toBe(false);
    expect(isFeatured('unlimited', effectivePlanId(trial(0), NOW))).toBe(true);
  });
});

describe('team limits (SPEC.md §9)', () => {
  it('lists the limits by plan, -1 meaning unlimited', () => {
    expect(TEAM_LIMITS).toEqual({ free: -1, unlimited: -1, standard: 10, pro: 25 });
    expect(teamLimit('free')).toBe(-1);
    expect(teamLimit('unlimited')).toBe(-1);
    expect(teamLimit('standard')).toBe(10);
    expect(teamLimit('pro')).toBe(25);
  });

  it("gives a plan without a listed limit the free plan's (unlimited), not an inherited property", () => {
    expect(teamLimit('enterprise')).toBe(-1);
    expect(teamLimit('toString')).toBe(-1);
    expect(teamLimit('')).toBe(-1);
  });

  it('allows creating a team below the limit and refuses at it', () => {
    expect(canCreateTeam('standard', 9)).toBe(true);
    expect(canCreateTeam('standard', 10)).toBe(false);
    expect(canCreateTeam('standard', 11)).toBe(false);
    expect(canCreateTeam('pro', 24)).toBe(true);
    expect(canCreateTeam('pro', 25)).toBe(false);
    expect(canCreateTeam('free', 0)).toBe(true);
    expect(canCreateTeam('free', 10_000)).toBe(true);
    expect(canCreateTeam('unlimited', 10_000)).toBe(true);
  });
});

describe('feature access by plan (SPEC.md §6)', () => {
  const proAndEnterprise: readonly Feature[] = ['unlimited_passwords', 'multiple_teams', 'advanced_encryption', 'priority_support'];
  const enterpriseOnly: readonly Feature[] = ['sso_integration', 'audit_logs', 'custom_integrations'];

  it('lists exactly the seven features', () => {
    expect(Object.keys(FEATURE_PLANS).sort()).toEqual([...proAndEnterprise, ...enterpriseOnly].sort());
  });

  it('gives pro and enterprise the first four', () => {
    for (const feature of proAndEnterprise) {
      expect(hasFeature('pro', feature), feature).toBe(true);
      expect(hasFeature('enterprise', feature), feature).toBe(true);
      for (const planId of ['free', 'unlimited', 'standard', 'unknown']) {
        expect(hasFeature(planId, feature), `${planId} ${feature}`).toBe(false);
      }
    }
  });

  it('gives enterprise alone the last three', () => {
    for (const feature of enterpriseOnly) {
      expect(hasFeature('enterprise', feature), feature).toBe(true);
      for (const planId of ['pro', 'free', 'unlimited', 'standard']) {
        expect(hasFeature(planId, feature), `${planId} ${feature}`).toBe(false);
      }
    }
  });
});

describe('formatPrice (SPEC.md §9: cents / 100 in US currency format)', () => {
  it('formats cents as dollars', () => {
    expect(formatPrice(999)).toBe('$9.99');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1)).toBe('$0.01');
    expect(formatPrice(1000)).toBe('$10.00');
    expect(formatPrice(123_456_789)).toBe('$1,234,567.89');
  });

  it('takes the currency in either case', () => {
    expect(formatPrice(999, 'usd')).toBe('$9.99');
    expect(formatPrice(999, 'USD')).toBe('$9.99');
    expect(formatPrice(999, 'eur')).toBe('€9.99');
  });
});
