import { describe, expect, it } from 'vitest';
import { CallableError } from '../../../src/data/functions/callableError';
import { currentPlanName, dialogMessage, formatBillingDate, intervalLabel, planCards, teamLimitLine } from '../../../src/features/billing/billingModel';
import { MissingUrlError, sortPlans } from '../../../src/features/billing/billingService';
import { CATALOGUE, FREE_PLAN, freeSubscription, paidSubscription, trialSubscription, UNLIMITED_PLAN } from '../../doubles/fakeBillingCallables';

const NOW = Date.UTC(2027, 0, 15, 12);
const PLANS = sortPlans(CATALOGUE);

function summary(sub: Parameters<typeof planCards>[1]) {
  return planCards(PLANS, sub, NOW).map(({ plan, badge, button, featured, action }) => ({ id: plan.id, badge, button, featured, action }));
}

describe('planCards: the grid for each (current plan, trial-only, target plan)', () => {
  it('trial-only user in the trial: Downgrade on free, Continue on their trial plan with the days-left badge', () => {
    expect(summary(trialSubscription(NOW, 4))).toEqual([
      { id: 'free', badge: null, button: 'Downgrade', featured: false, action: 'downgrade' },
      { id: 'unlimited', badge: 'Free Trial - 10 days left', button: 'Continue with this plan', featured: false, action: 'checkout' },
    ]);
  });

  it('trial-only user whose trial ended: on free, Upgrade on a featured unlimited', () => {
    expect(summary(trialSubscription(NOW, 14))).toEqual([
      { id: 'free', badge: 'Current Plan', button: null, featured: false, action: null },
      { id: 'unlimited', badge: null, button: 'Upgrade', featured: true, action: 'checkout' },
    ]);
  });

  it('paying user: the free card is hidden and unlimited is current', () => {
    expect(summary(paidSubscription(NOW))).toEqual([{ id: 'unlimited', badge: 'Current Plan', button: null, featured: false, action: null }]);
  });

  it('paying user who cancelled at period end keeps the same grid until the period ends', () => {
    expect(summary(paidSubscription(NOW, { cancelAtPeriodEnd: true }))).toEqual(summary(paidSubscription(NOW)));
  });

  it('a cancelled paid subscription is on free again', () => {
    expect(summary({ ...paidSubscription(NOW), status: 'canceled' })).toEqual([
      { id: 'free', badge: 'Current Plan', button: null, featured: false, action: null },
      { id: 'unlimited', badge: null, button: 'Upgrade', featured: true, action: 'checkout' },
    ]);
  });

  it('free user', () => {
    expect(summary(freeSubscription(NOW))).toEqual([
      { id: 'free', badge: 'Current Plan', button: null, featured: false, action: null },
      { id: 'unlimited', badge: null, button: 'Upgrade', featured: true, action: 'checkout' },
    ]);
  });

  it('the last hour of a trial still counts as one day left', () => {
    const sub = trialSubscription(NOW + 3_600_000, 14);
    expect(summary(sub)[1]?.badge).toBe('Free Trial - 1 days left');
  });

  it('formats prices as cents / 100 in US currency, with the interval', () => {
    const [free, unlimited] = planCards(PLANS, freeSubscription(NOW), NOW);
    expect([free?.price, free?.interval]).toEqual(['$0.00', '']);
    expect([unlimited?.price, unlimited?.interval]).toEqual(['$4.99', '/month']);
    expect(planCards([{ ...UNLIMITED_PLAN, price: 123456, interval: 'year' }], freeSubscription(NOW), NOW)[0]?.price).toBe('$1,234.56');
  });
});

describe('teamLimitLine: the §9 team limit on a paid card', () => {
  it('says unlimited for -1, the count otherwise', () => {
    expect(teamLimitLine(UNLIMITED_PLAN)).toBe('Unlimited teams');
    expect(teamLimitLine({ ...UNLIMITED_PLAN, id: 'standard', teamLimit: 10 })).toBe('Up to 10 teams');
    expect(teamLimitLine({ ...UNLIMITED_PLAN, id: 'pro', teamLimit: 25 })).toBe('Up to 25 teams');
    expect(teamLimitLine({ ...UNLIMITED_PLAN, teamLimit: 1 })).toBe('Up to 1 team');
    expect(teamLimitLine({ ...UNLIMITED_PLAN, teamLimit: 1000 })).toBe('Up to 1,000 teams');
  });

  it('gives the free plan none: creating teams needs a paid plan after the trial', () => {
    expect(FREE_PLAN.teamLimit).toBe(-1);
    expect(teamLimitLine(FREE_PLAN)).toBeNull();
  });

  it('is on each card', () => {
    expect(planCards(PLANS, freeSubscription(NOW), NOW).map((card) => card.teams)).toEqual([null, 'Unlimited teams']);
  });
});

describe('sortPlans', () => {
  it('puts the cheapest first whatever the catalogue order', () => {
    expect(sortPlans({ unlimited: UNLIMITED_PLAN, free: FREE_PLAN }).map((plan) => plan.id)).toEqual(['free', 'unlimited']);
  });
});

describe('currentPlanName', () => {
  it("is the subscription's plan name while it grants access", () => {
    expect(currentPlanName(PLANS, trialSubscription(NOW, 4), NOW)).toBe('Unlimited');
  });

  it("is the free plan's name once it does not", () => {
    expect(currentPlanName(PLANS, trialSubscription(NOW, 20), NOW)).toBe('Free');
    expect(currentPlanName([], trialSubscription(NOW, 20), NOW)).toBe('Free');
  });
});

describe('intervalLabel and formatBillingDate', () => {
  it('labels intervals', () => {
    expect(intervalLabel('month')).toBe('/month');
    expect(intervalLabel('year')).toBe('/year');
    expect(intervalLabel(null)).toBe('');
  });

  it('writes dates in US English', () => {
    expect(formatBillingDate(NOW)).toBe('January 15, 2027');
  });
});

describe('dialogMessage (SPEC.md §8: the message or the default)', () => {
  const fallback = 'Failed to start upgrade process. Please try again.';

  it("uses the server's message", () => {
    expect(dialogMessage(new CallableError('failed-precondition', 'Already subscribed.'), fallback)).toBe('Already subscribed.');
  });

  it('uses the missing-url message', () => {
    expect(dialogMessage(new MissingUrlError('No checkout URL returned'), fallback)).toBe('No checkout URL returned');
  });

  it.each([
    ['an internal error', new CallableError('internal', 'internal')],
    ['an unknown error', new CallableError('unknown', 'unknown')],
    ['an empty message', new CallableError('not-found', '  ')],
    ['a plain error', new Error('TypeError: fetch failed')],
    ['a non-error', 'nope'],
  ])('uses the default for %s', (_, error) => {
    expect(dialogMessage(error, fallback)).toBe(fallback);
  });
});
