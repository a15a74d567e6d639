import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { readSubscriptionRecord } from './record';

// billingCustomers/{uid} = { customerId, createdAt }: the user's Stripe customer, written by the
// server only (firestore.rules deny every client). It is the source of truth for "which customer
// is this user"; users/{uid}.subscription.customerId mirrors it for display (docs/billing.md).

export const billingCustomerRef = (db: Firestore, uid: string) => db.collection('billingCustomers').doc(uid);
export const userRef = (db: Firestore, uid: string) => db.collection('users').doc(uid);

export interface StoredCustomer {
  readonly customerId: string;
  readonly createdAt: number;
}

export function readStoredCustomer(data: unknown): StoredCustomer | null {
  if (typeof data !== 'object' || data === null) return null;
  const { customerId, createdAt } = data as Record<string, unknown>;
  if (typeof customerId !== 'string' || customerId === '') return null;
  return { customerId, createdAt: typeof createdAt === 'number' ? createdAt : 0 };
}

export interface BillingFacts {
  readonly userExists: boolean;
  readonly subscription: SubscriptionRecord | null;
  /** billingCustomers/{uid}, else the subscription's customerId (both written by the server). */
  readonly customerId: string | null;
}

export async function loadBillingFacts(db: Firestore, uid: string, tx?: Transaction): Promise<BillingFacts> {
  const get = (ref: DocumentReference) => (tx ? tx.get(ref) : ref.get());
  const [user, customer] = await Promise.all([get(userRef(db, uid)), get(billingCustomerRef(db, uid))]);
  const subscription = readSubscriptionRecord(user.get('subscription'));
  return {
    userExists: user.exists,
    subscription,
    customerId: readStoredCustomer(customer.data())?.customerId ?? subscription?.customerId ?? null,
  };
}
