import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { loadBillingFacts } from '../billing/store';
import { stripeFailure } from '../billing/stripeErrors';
import { CANCEL_PARAMS, isStripeMissing, subscriptionsToCancel, subscriptionsToLookUp, type StripeSubscriptionState } from './endBilling';

// The 'subscription' step of deleteAccount: ends every Stripe subscription of the account now.
// Safe to repeat: an ended or missing subscription is skipped or counts as done.

async function listed(stripe: Stripe, customerId: string | null): Promise<StripeSubscriptionState[]> {
  if (customerId === null) return [];
  const found: StripeSubscriptionState[] = [];
  try {
    for await (const sub of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      found.push({ id: sub.id, status: sub.status });
    }
  } catch (error) {
    if (!isStripeMissing(error)) throw error;
  }
  return found;
}

async function lookedUp(stripe: Stripe, ids: readonly string[]): Promise<StripeSubscriptionState[]> {
  const found: StripeSubscriptionState[] = [];
  for (const id of ids) {
    try {
      const sub = await stripe.subscriptions.retrieve(id);
      found.push({ id: sub.id, status: sub.status });
    } catch (error) {
      if (!isStripeMissing(error)) throw error;
    }
  }
  return found;
}

export async function cancelSubscriptions(db: Firestore, stripe: Stripe, uid: string): Promise<void> {
  const facts = await loadBillingFacts(db, uid);
  try {
    const fromCustomer = await listed(stripe, facts.customerId);
    const recorded = facts.subscription?.id ?? null;
    const known = [...fromCustomer, ...(await lookedUp(stripe, subscriptionsToLookUp(recorded, fromCustomer)))];
    for (const id of subscriptionsToCancel(known)) {
      try {
        await stripe.subscriptions.cancel(id, CANCEL_PARAMS);
      } catch (error) {
        if (!isStripeMissing(error)) throw error;
      }
    }
  } catch (error) {
    throw stripeFailure('deleteAccount', uid, error);
  }
}
