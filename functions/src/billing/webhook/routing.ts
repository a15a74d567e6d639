import type Stripe from 'stripe';

// Which Stripe events the webhook acts on, and what each names: the subscription to re-read from
// Stripe and, where the event carries one, the Keyloft user id. Pure. The event body is only used
// to find *which* subscription changed; what it now is comes from Stripe (docs/billing-webhook.md).

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

export type Route =
  | {
      readonly kind: 'sync';
      readonly subscriptionId: string;
      /** The user id the event itself names (checkout's client_reference_id, metadata.uid), if any. */
      readonly uidHint: string | null;
    }
  | { readonly kind: 'ignore'; readonly reason: string };

/** Firebase Auth uids: 1 to 128 characters; never a '/' (it is a Firestore document id here). */
const UID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** A well-formed uid, or null for anything else (missing, empty, a path). */
export function validUid(value: unknown): string | null {
  return typeof value === 'string' && UID_PATTERN.test(value) ? value : null;
}

export function uidFromMetadata(metadata: Stripe.Metadata | null | undefined): string | null {
  return validUid(metadata?.uid);
}

function idOf(value: string | { readonly id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function sync(subscriptionId: string | null, uidHint: string | null, what: string): Route {
  return subscriptionId === null ? { kind: 'ignore', reason: `${what} names no subscription` } : { kind: 'sync', subscriptionId, uidHint };
}

export function routeEvent(event: Stripe.Event): Route {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { kind: 'ignore', reason: `checkout session in ${session.mode} mode` };
      const uid = validUid(session.client_reference_id) ?? uidFromMetadata(session.metadata);
      return sync(idOf(session.subscription), uid, 'checkout session');
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return sync(sub.id, uidFromMetadata(sub.metadata), 'subscription event');
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const details = event.data.object.parent?.subscription_details ?? null;
      return sync(idOf(details?.subscription), uidFromMetadata(details?.metadata), 'invoice');
    }
    default:
      return { kind: 'ignore', reason: `event type ${event.type} is not handled` };
  }
}
