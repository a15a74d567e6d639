import type { Caller } from '../lib/callable';
import { customerIdempotencyKey, storedCustomerUse, type StoredCustomerLookup } from './decide';
import type { BillingDeps } from './deps';
import { stripeFailure } from './stripeErrors';
import { billingCustomerRef, readStoredCustomer, userRef } from './store';
import { readSubscriptionRecord } from './record';
import { runTransactionWithRetry } from '../lib/contention';

/**
 * The caller's Stripe customer: the stored one while Stripe still has it, or a new one
 * (metadata.uid = uid) recorded in billingCustomers/{uid} and mirrored to
 * users/{uid}.subscription.customerId. Concurrent first calls send the same Idempotency-Key, so
 * Stripe creates one customer and both record it.
 */
export async function ensureCustomer(deps: BillingDeps, caller: Caller, stored: string | null): Promise<string> {
  if (stored !== null && (await storedCustomerState(deps, caller, stored)) === 'reuse') return stored;
  const created = await createCustomer(deps, caller, stored);
  const db = deps.db();
  return runTransactionWithRetry(db, async (tx) => {
    const [existing, user] = await Promise.all([tx.get(billingCustomerRef(db, caller.uid)), tx.get(userRef(db, caller.uid))]);
    // Another call recorded a customer meanwhile (the first, or another replacement): keep theirs.
    const current = readStoredCustomer(existing.data())?.customerId ?? null;
    if (current !== null && current !== stored) return current;
    tx.set(billingCustomerRef(db, caller.uid), { customerId: created, createdAt: deps.now() });
    const subscription = readSubscriptionRecord(user.get('subscription'));
    if (user.exists && subscription !== null && (subscription.customerId === null || subscription.customerId === stored)) {
      tx.update(userRef(db, caller.uid), { 'subscription.customerId': created });
    }
    return created;
  });
}

/** Whether Stripe still has the stored customer (a lookup that fails otherwise fails the call). */
async function storedCustomerState(deps: BillingDeps, caller: Caller, stored: string): Promise<'reuse' | 'replace'> {
  let lookup: StoredCustomerLookup;
  let failure: unknown = null;
  try {
    const customer = await deps.stripe().customers.retrieve(stored);
    lookup = { kind: 'found', deleted: customer.deleted === true };
  } catch (error) {
    failure = error;
    lookup = { kind: 'error', code: (error as { code?: unknown } | null)?.code };
  }
  const use = storedCustomerUse(lookup);
  if (use === 'fail') throw stripeFailure('createCheckoutSession', caller.uid, failure);
  return use;
}

async function createCustomer(deps: BillingDeps, caller: Caller, replacing: string | null): Promise<string> {
  try {
    const customer = await deps
      .stripe()
      .customers.create(
        { ...(caller.email === null ? {} : { email: caller.email }), metadata: { uid: caller.uid } },
        { idempotencyKey: customerIdempotencyKey(caller.uid, replacing) },
      );
    return customer.id;
  } catch (error) {
    throw stripeFailure('createCheckoutSession', caller.uid, error);
  }
}
