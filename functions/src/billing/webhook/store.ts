import type { Firestore } from 'firebase-admin/firestore';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import type { WebhookStore } from './handler';

// The webhook's Firestore side: stripeEvents/{eventId} marks an event applied, and the user's
// subscription is written in the same transaction, so an event is either applied and recorded or
// neither (a failure leaves nothing for Stripe's retry to trip over). stripeEvents is server-only:
// firestore.rules has no match for it, so clients are denied by default.

export const STRIPE_EVENTS = 'stripeEvents';

/** How long an applied event is remembered: Stripe retries for up to 3 days. A Firestore TTL
 * policy on stripeEvents.expiresAt (docs/billing-webhook.md) deletes the record after this. */
export const EVENT_RECORD_DAYS = 30;

export function firestoreWebhookStore(db: Firestore): WebhookStore {
  return {
    async wasProcessed(eventId) {
      return (await db.collection(STRIPE_EVENTS).doc(eventId).get()).exists;
    },
    async recordSkipped(eventId, record) {
      const eventRef = db.collection(STRIPE_EVENTS).doc(eventId);
      await db.runTransaction(async (tx) => {
        if ((await tx.get(eventRef)).exists) return;
        tx.create(eventRef, { ...record, expiresAt: new Date(record.processedAt + EVENT_RECORD_DAYS * 86_400_000) });
      });
    },
    applyOnce(eventId, uid, decide, record) {
      const eventRef = db.collection(STRIPE_EVENTS).doc(eventId);
      const userRef = db.collection('users').doc(uid);
      return db.runTransaction(async (tx) => {
        const [eventSnap, userSnap] = await Promise.all([tx.get(eventRef), tx.get(userRef)]);
        if (eventSnap.exists) return 'duplicate' as const;
        const stored: unknown = userSnap.get('subscription');
        const decision = decide({
          exists: userSnap.exists,
          subscription: typeof stored === 'object' && stored !== null ? (stored as SubscriptionRecord) : null,
        });
        // update() replaces the subscription map whole (no stale field survives) and leaves every
        // other field of the user alone; decide() writes only when the document exists.
        if (decision.write !== null) tx.update(userRef, { subscription: decision.write });
        const processed = record(decision);
        tx.create(eventRef, { ...processed, expiresAt: new Date(processed.processedAt + EVENT_RECORD_DAYS * 86_400_000) });
        return decision;
      });
    },
  };
}
