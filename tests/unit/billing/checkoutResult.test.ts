import { describe, expect, it } from 'vitest';
import { CHECKOUT_READ_DELAYS_MS, checkoutActivated, readSessionId } from '../../../src/features/billing/checkoutResult';
import { freeSubscription, paidSubscription, trialSubscription } from '../../doubles/fakeBillingCallables';

const NOW = Date.UTC(2027, 0, 15, 12);

describe('checkoutActivated', () => {
  it('is true for a paid subscription that grants access', () => {
    expect(checkoutActivated(paidSubscription(NOW), NOW)).toBe(true);
    expect(checkoutActivated({ ...paidSubscription(NOW), status: 'trialing', trialEnd: NOW + 86_400_000 }, NOW)).toBe(true);
  });

  it('is false for the sign-up trial, even while it grants Unlimited', () => {
    expect(checkoutActivated(trialSubscription(NOW, 4), NOW)).toBe(false);
  });

  it('is false on free, and for a paid subscription that does not grant access yet', () => {
    expect(checkoutActivated(freeSubscription(NOW), NOW)).toBe(false);
    expect(checkoutActivated({ ...paidSubscription(NOW), status: 'incomplete' }, NOW)).toBe(false);
  });
});

describe('readSessionId', () => {
  it('reads a Checkout session id', () => {
    expect(readSessionId('?session_id=cs_test_a1B2c3')).toBe('cs_test_a1B2c3');
  });

  it.each(['', '?session_id=', '?session_id={CHECKOUT_SESSION_ID}', '?session_id=pi_123', '?other=cs_1', '?session_id=cs_1%3Cscript%3E'])(
    'finds none in %j',
    (search) => {
      expect(readSessionId(search)).toBeNull();
    },
  );
});

describe('CHECKOUT_READ_DELAYS_MS', () => {
  it('reads first after the 2 s of SPEC.md §9, and gives up within 15 s', () => {
    expect(CHECKOUT_READ_DELAYS_MS[0]).toBe(2_000);
    expect(CHECKOUT_READ_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(15_000);
  });
});
