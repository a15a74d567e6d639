import type Stripe from 'stripe';
import type { SubscriptionRecord } from '@keyloft/contract/billing';
import { subscriptionFromStripe, customerIdOf, type PlanLookup } from './mapping';
import { routeEvent, uidFromMetadata, validUid } from './routing';

// The Stripe webhook (SPEC.md §3 Subscription; ENGINEERING.md §3 billing): verify the signature on
// the raw body → route the event → skip an event already applied → re-read the subscription from
// Stripe → in one Firestore transaction, write users/{uid}.subscription and record the event as
// applied. Everything it touches comes in `deps`, so the unit tests run it without a network.
// Statuses, idempotency and every decision: docs/billing-webhook.md.

export interface WebhookRequest {
  readonly method: string;
  /** The bytes Stripe sent, never re-serialised JSON: the signature is over these. */
  readonly rawBody: Buffer | undefined;
  readonly signature: string | undefined;
}

export interface WebhookResponse {
  readonly status: number;
  readonly body: { readonly received: boolean; readonly outcome: Outcome; readonly error?: string };
}

export type Outcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  | 'skipped-no-user'
  | 'skipped-not-current'
  | 'skipped-missing-subscription'
  | 'refused'
  | 'bad-request'
  | 'failed';

/** What the user record holds before the write (read inside the transaction). */
export interface StoredUser {
  readonly exists: boolean;
  readonly subscription: SubscriptionRecord | null;
}

export interface WriteDecision {
  readonly outcome: 'applied' | 'skipped-no-user' | 'skipped-not-current';
  /** What to write to users/{uid}.subscription; null writes nothing. */
  readonly write: SubscriptionRecord | null;
}

/** stripeEvents/{eventId}: an event applied (or deliberately skipped), so a replay does nothing. */
export interface ProcessedEventRecord {
  readonly type: string;
  readonly outcome: WriteDecision['outcome'] | 'skipped-missing-subscription';
  /** Null when no user record exists: a deleted account's uid is not kept (docs/account-deletion.md). */
  readonly uid: string | null;
  readonly subscriptionId: string;
  /** Epoch ms. */
  readonly processedAt: number;
}

export interface WebhookStore {
  /** Whether stripeEvents/{eventId} exists. A shortcut only: applyOnce checks again. */
  wasProcessed(eventId: string): Promise<boolean>;
  /**
   * One transaction: if stripeEvents/{eventId} exists → 'duplicate' and nothing written; otherwise
   * read users/{uid}, ask `decide`, merge its subscription into the user document (that field
   * alone) and create stripeEvents/{eventId} from `record`.
   */
  applyOnce(
    eventId: string,
    uid: string,
    decide: (user: StoredUser) => WriteDecision,
    record: (decision: WriteDecision) => ProcessedEventRecord,
  ): Promise<'duplicate' | WriteDecision>;
  /**
   * Creates stripeEvents/{eventId} from `record` unless it exists, writing nothing else: an event
   * answered without a write (the subscription is gone from Stripe), noted so a replay is a duplicate.
   */
  recordSkipped(eventId: string, record: ProcessedEventRecord): Promise<void>;
}

export interface WebhookLog {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export interface WebhookDeps {
  /** The endpoint's signing secret (whsec_…); empty when not configured. */
  readonly webhookSecret: () => string;
  /** Stripe.webhooks.constructEvent: throws on a bad signature or a stale timestamp. */
  readonly constructEvent: (rawBody: Buffer, signature: string, secret: string) => Stripe.Event;
  readonly retrieveSubscription: (subscriptionId: string) => Promise<Stripe.Subscription>;
  /** metadata.uid of a Stripe customer; null when it has none (or the customer was deleted). */
  readonly customerUid: (customerId: string) => Promise<string | null>;
  readonly plans: PlanLookup;
  readonly store: WebhookStore;
  readonly now: () => number;
  readonly log: WebhookLog;
}

/** Stripe statuses of ours under which a subscription the user record does not name yet may replace it. */
const LIVE_STATUSES: ReadonlySet<SubscriptionRecord['status']> = new Set(['trialing', 'active', 'past_due']);

/**
 * Whether and what to write, given the user record as it is now. Pure.
 * - No user record (an account deleted since checkout): nothing written.
 * - An ended subscription (mapped to the free plan) replaces only the subscription it ended: a late
 *   event for an old subscription never takes away a newer one or the sign-up trial.
 * - Any other state of the subscription the record already names is written (updates, renewals,
 *   past_due, cancellation at period end).
 * - A subscription the record does not name replaces it only while it is live (trialing, active,
 *   past_due): an 'incomplete' first payment does not end a running trial.
 */
export function decideWrite(user: StoredUser, subscriptionId: string, mapped: { record: SubscriptionRecord; ended: boolean }): WriteDecision {
  if (!user.exists) return { outcome: 'skipped-no-user', write: null };
  const current = user.subscription?.id === subscriptionId;
  if (mapped.ended) return current ? { outcome: 'applied', write: mapped.record } : { outcome: 'skipped-not-current', write: null };
  if (current || LIVE_STATUSES.has(mapped.record.status)) return { outcome: 'applied', write: mapped.record };
  return { outcome: 'skipped-not-current', write: null };
}

function respond(status: number, outcome: Outcome, error?: string): WebhookResponse {
  return { status, body: error === undefined ? { received: status < 300, outcome } : { received: status < 300, outcome, error } };
}

/**
 * Stripe's answer that the object does not exist (a subscription deleted, or of another account or
 * mode): retrying can never change it. The SDK's StripeInvalidRequestError with code
 * 'resource_missing' (HTTP 404).
 */
export function isResourceMissing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return code === 'resource_missing' || (code === undefined && statusCode === 404);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function handleStripeWebhook(request: WebhookRequest, deps: WebhookDeps): Promise<WebhookResponse> {
  if (request.method !== 'POST') return respond(405, 'bad-request', 'POST only');

  const secret = deps.webhookSecret();
  if (secret === '') {
    // A deployment without its secret: 500 so Stripe keeps the events until it is configured.
    deps.log.error('stripeWebhook: STRIPE_WEBHOOK_SECRET is not set');
    return respond(500, 'failed', 'webhook not configured');
  }
  if (request.rawBody === undefined || request.rawBody.length === 0 || request.signature === undefined || request.signature === '') {
    deps.log.warn('stripeWebhook: a request without a body or a Stripe-Signature header');
    return respond(400, 'bad-request', 'missing signature');
  }

  let event: Stripe.Event;
  try {
    event = deps.constructEvent(request.rawBody, request.signature, secret);
  } catch (error) {
    deps.log.warn('stripeWebhook: signature check failed', { error: errorText(error) });
    return respond(400, 'bad-request', 'invalid signature');
  }

  const route = routeEvent(event);
  if (route.kind === 'ignore') {
    deps.log.info('stripeWebhook: event ignored', { eventId: event.id, type: event.type, reason: route.reason });
    return respond(200, 'ignored');
  }
  const context = { eventId: event.id, type: event.type, subscriptionId: route.subscriptionId };

  try {
    if (await deps.store.wasProcessed(event.id)) {
      deps.log.info('stripeWebhook: event already applied', context);
      return respond(200, 'duplicate');
    }

    // Re-read: the event body may be stale (events arrive out of order); Stripe's answer is not.
    let sub: Stripe.Subscription;
    try {
      sub = await deps.retrieveSubscription(route.subscriptionId);
    } catch (error) {
      if (!isResourceMissing(error)) throw error;
      // Stripe no longer has it: a 500 would make Stripe resend the event for days, each failing
      // the same way (issue #17). Answered 2xx, logged and noted in stripeEvents with why; nothing
      // about the user changes (an ended subscription's own 'deleted' event ends it).
      const record = { type: event.type, outcome: 'skipped-missing-subscription' as const, uid: null, subscriptionId: route.subscriptionId, processedAt: deps.now() };
      await deps.store.recordSkipped(event.id, record);
      deps.log.warn('stripeWebhook: the subscription is not in Stripe (resource_missing); event skipped', { ...context, error: errorText(error) });
      return respond(200, 'skipped-missing-subscription');
    }
    const now = deps.now();
    const mapped = subscriptionFromStripe(sub, deps.plans, now);
    if (mapped.kind === 'refuse') {
      // Never grant access on a price or status we do not know. Not recorded as applied: once the
      // configuration knows the price, a resend from Stripe's dashboard applies it.
      deps.log.error('stripeWebhook: subscription refused', { ...context, reason: mapped.reason, detail: mapped.detail });
      return respond(200, 'refused', mapped.reason);
    }

    const subUid = uidFromMetadata(sub.metadata);
    if (subUid !== null && route.uidHint !== null && subUid !== route.uidHint) {
      deps.log.error('stripeWebhook: the event and the subscription name different users', context);
      return respond(200, 'refused', 'uid-mismatch');
    }
    let uid = subUid ?? route.uidHint;
    const customerId = customerIdOf(sub.customer);
    if (uid === null && customerId !== null) uid = validUid(await deps.customerUid(customerId));
    if (uid === null) {
      deps.log.error('stripeWebhook: no Keyloft user named by the event, subscription or customer', { ...context, customerId });
      return respond(200, 'ignored', 'no-user-id');
    }

    const result = await deps.store.applyOnce(
      event.id,
      uid,
      (user) => decideWrite(user, sub.id, mapped),
      (decision) => ({
        type: event.type,
        outcome: decision.outcome,
        uid: decision.outcome === 'skipped-no-user' ? null : uid,
        subscriptionId: sub.id,
        processedAt: now,
      }),
    );
    if (result === 'duplicate') {
      deps.log.info('stripeWebhook: event applied meanwhile by another delivery', context);
      return respond(200, 'duplicate');
    }
    const details = { ...context, uid, status: result.write?.status ?? null, planId: result.write?.planId ?? null };
    if (result.outcome === 'applied') deps.log.info('stripeWebhook: applied', details);
    else deps.log.warn(`stripeWebhook: ${result.outcome}`, details);
    return respond(200, result.outcome);
  } catch (error) {
    // Nothing was recorded (the transaction did not commit): Stripe retries and the retry finishes it.
    deps.log.error('stripeWebhook: failed, Stripe will retry', { ...context, error: errorText(error) });
    return respond(500, 'failed', 'internal error');
  }
}
