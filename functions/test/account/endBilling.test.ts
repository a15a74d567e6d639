import { describe, expect, it } from 'vitest';
import { CANCEL_PARAMS, isStripeMissing, subscriptionsToCancel, subscriptionsToLookUp } from '../../src/account/endBilling';

describe('subscriptionsToCancel', () => {
  it('cancels every subscription that can still bill, whatever its status, once each', () => {
    const known = [
      { id: 'sub_b', status: 'active' },
      { id: 'sub_a', status: 'trialing' },
      { id: 'sub_c', status: 'past_due' },
      { id: 'sub_d', status: 'unpaid' },
      { id: 'sub_e', status: 'incomplete' },
      { id: 'sub_f', status: 'paused' },
      { id: 'sub_b', status: 'active' },
    ];
    expect(subscriptionsToCancel(known)).toEqual(['sub_a', 'sub_b', 'sub_c', 'sub_d', 'sub_e', 'sub_f']);
  });

  it('counts an ended subscription as done: a second deletion call cancels nothing', () => {
    expect(subscriptionsToCancel([{ id: 'sub_a', status: 'canceled' }, { id: 'sub_b', status: 'incomplete_expired' }])).toEqual([]);
    expect(subscriptionsToCancel([])).toEqual([]);
  });
});

describe('subscriptionsToLookUp', () => {
  it('looks up the subscription the record names only when the customer’s list did not include it', () => {
    expect(subscriptionsToLookUp('sub_a', [{ id: 'sub_a', status: 'active' }])).toEqual([]);
    expect(subscriptionsToLookUp('sub_a', [])).toEqual(['sub_a']);
    expect(subscriptionsToLookUp(null, [])).toEqual([]);
  });
});

describe('isStripeMissing', () => {
  it('treats a subscription or customer Stripe does not know as done, and any other failure as a failure', () => {
    expect(isStripeMissing({ type: 'StripeInvalidRequestError', code: 'resource_missing' })).toBe(true);
    expect(isStripeMissing({ type: 'StripeConnectionError' })).toBe(false);
    expect(isStripeMissing({ type: 'StripeInvalidRequestError', code: 'parameter_invalid' })).toBe(false);
    expect(isStripeMissing(null)).toBe(false);
    expect(isStripeMissing('resource_missing')).toBe(false);
  });
});

describe('CANCEL_PARAMS', () => {
  it('cancels at once with no proration, as the confirmation screen says', () => {
    expect(CANCEL_PARAMS).toEqual({ prorate: false, invoice_now: false });
  });
});
