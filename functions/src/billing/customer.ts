import type { Caller } from '../lib/callable';
import { customerIdempotencyKey } from './decide';
import type { BillingDeps } from './deps';
import { stripeFailure } from './stripeErrors';
import { billingCustomerRef, readStoredCustomer, userRef } from './store';
import { readSubscriptionRecord } from './record';

/**
 * The caller's Stripe customer: the stored one, or a new one (metadata.uid = uid) recorded in
 * billingCustomers/{uid} and mirrored to users/{uid}.subscription.customerId. Concurrent first
 * calls send the same Idempotency-Key, so Stripe creates one customer and both record it.
 */
export async function ensureCustomer(deps: BillingDeps, caller: Caller, stored: string | null): Promise<string> {
  if (stored !== null) return stored;
  let created: string;
  try {
    const customer = await deps
      .stripe()
      .customers.create(
        { ...(caller.email === null ? {} : { email: caller.email }), metadata: { uid: caller.uid } },
        { idempotencyKey: customerIdempotencyKey(caller.uid) },
      );
    created = customer.id;
  } catch (error) {
    throw stripeFailure('createCheckoutSession', caller.uid, error);
  }
  const db = deps.db();
  return db.runTransaction(async (tx) => {
    const [existing, user] = await Promise.all([tx.get(billingCustomerRef(db, caller.uid)), tx.get(userRef(db, caller.uid))]);
    const already = readStoredCustomer(existing.data());
    if (already !== null) return already.customerId;
    const now = deps.now();
    tx.set(billingCustomerRef(db, caller.uid), { customerId: created, createdAt: now });
    const subscription = readSubscriptionRecord(user.get('subscription'));
    if (user.exists && subscription !== null && subscription.customerId === null) {
      tx.update(userRef(db, caller.uid), { 'subscription.customerId': created });
    }
    return created;
  });
}
