import { describe, expect, it } from 'vitest';
import { HANDLED_EVENT_TYPES, routeEvent, validUid } from '../../../src/billing/webhook/routing';
import { SUB_ID, UID, checkoutSession, event, invoice, subscription } from './fixtures';

// Which events the webhook acts on, and the subscription and user each names.

describe('routeEvent', () => {
  it('handles exactly the six event types of the issue', () => {
    expect([...HANDLED_EVENT_TYPES].sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'customer.subscription.deleted',
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_failed',
    ]);
  });

  it('checkout.session.completed: the session subscription, the user from client_reference_id', () => {
    expect(routeEvent(event('checkout.session.completed', checkoutSession()))).toEqual({ kind: 'sync', subscriptionId: SUB_ID, uidHint: UID });
  });

  it('checkout.session.completed: the user from metadata.uid when there is no client_reference_id', () => {
    const session = checkoutSession({ client_reference_id: null, metadata: { uid: 'user2' } });
    expect(routeEvent(event('checkout.session.completed', session))).toEqual({ kind: 'sync', subscriptionId: SUB_ID, uidHint: 'user2' });
  });

  it('checkout.session.completed: an expanded subscription, and no user named', () => {
    const session = checkoutSession({ client_reference_id: null, metadata: null, subscription: subscription({ id: 'sub_x' }) });
    expect(routeEvent(event('checkout.session.completed', session))).toEqual({ kind: 'sync', subscriptionId: 'sub_x', uidHint: null });
  });

  it('ignores a checkout session that is not a subscription, or has none', () => {
    expect(routeEvent(event('checkout.session.completed', checkoutSession({ mode: 'payment', subscription: null })))).toMatchObject({ kind: 'ignore' });
    expect(routeEvent(event('checkout.session.completed', checkoutSession({ subscription: null })))).toMatchObject({ kind: 'ignore' });
  });

  it.each(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'])(
    '%s: the subscription itself and its metadata.uid',
    (type) => {
      expect(routeEvent(event(type, subscription()))).toEqual({ kind: 'sync', subscriptionId: SUB_ID, uidHint: UID });
      expect(routeEvent(event(type, subscription({ metadata: {} })))).toEqual({ kind: 'sync', subscriptionId: SUB_ID, uidHint: null });
    },
  );

  it.each(['invoice.paid', 'invoice.payment_failed'])('%s: the subscription from parent.subscription_details', (type) => {
    expect(routeEvent(event(type, invoice(SUB_ID)))).toEqual({ kind: 'sync', subscriptionId: SUB_ID, uidHint: UID });
    expect(routeEvent(event(type, invoice(SUB_ID, null)))).toEqual({ kind: 'sync', subscriptionId: SUB_ID, uidHint: null });
  });

  it.each(['invoice.paid', 'invoice.payment_failed'])('%s: ignores an invoice that belongs to no subscription', (type) => {
    expect(routeEvent(event(type, invoice(null)))).toMatchObject({ kind: 'ignore' });
  });

  it.each(['customer.created', 'invoice.created', 'customer.subscription.trial_will_end', 'payment_intent.succeeded'])('ignores %s', (type) => {
    expect(routeEvent(event(type, { id: 'x' }))).toMatchObject({ kind: 'ignore' });
  });

  it('does not take a malformed uid as a hint', () => {
    const session = checkoutSession({ client_reference_id: '../users/other', metadata: { uid: '' } });
    expect(routeEvent(event('checkout.session.completed', session))).toEqual({ kind: 'sync', subscriptionId: SUB_ID, uidHint: null });
  });
});

describe('validUid', () => {
  it('accepts Firebase-style uids and refuses paths, empty and overlong values', () => {
    expect(validUid('aB3_x-Z')).toBe('aB3_x-Z');
    expect(validUid('a'.repeat(128))).toBe('a'.repeat(128));
    expect(validUid('a'.repeat(129))).toBeNull();
    expect(validUid('')).toBeNull();
    expect(validUid('a/b')).toBeNull();
    expect(validUid(42)).toBeNull();
    expect(validUid(undefined)).toBeNull();
  });
});
