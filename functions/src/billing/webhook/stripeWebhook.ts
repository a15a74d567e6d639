import * as logger from 'firebase-functions/logger';
import { onRequest } from 'firebase-functions/v2/https';
import Stripe from 'stripe';
import { UNLIMITED_PLAN_ID } from '@keyloft/contract/subscription';
import { adminFirestore } from '../../lib/admin';
import { stripePriceUnlimited, stripeSecretKey, stripeWebhookSecret } from '../../params';
import { stripeFromParams } from '../stripeClient';
import { handleStripeWebhook, type WebhookDeps } from './handler';
import type { PlanLookup } from './mapping';
import { firestoreWebhookStore } from './store';

// The deployed endpoint: https://us-central1-<project>.cloudfunctions.net/stripeWebhook, registered
// in Stripe's dashboard with the events of routing.ts (docs/billing-webhook.md).

/** The default price → plan lookup: the Unlimited price from params; every other price is unknown. */
export function planFromParams(priceId: string): ReturnType<PlanLookup> {
  const unlimited = stripePriceUnlimited.value();
  return unlimited !== '' && priceId === unlimited ? { planId: UNLIMITED_PLAN_ID, planName: 'Unlimited' } : null;
}

export function defaultWebhookDeps(): WebhookDeps {
  return {
    webhookSecret: () => stripeWebhookSecret.value(),
    constructEvent: (rawBody, signature, secret) => Stripe.webhooks.constructEvent(rawBody, signature, secret),
    retrieveSubscription: (id) => stripeFromParams().subscriptions.retrieve(id),
    customerUid: async (customerId) => {
      const customer = await stripeFromParams().customers.retrieve(customerId);
      if (customer.deleted === true) return null;
      return typeof customer.metadata.uid === 'string' ? customer.metadata.uid : null;
    },
    plans: planFromParams,
    store: firestoreWebhookStore(adminFirestore()),
    now: () => Date.now(),
    log: logger,
  };
}

// Both secrets are bound, also under the emulator, which reads them from functions/.secret.local.
export const stripeWebhook = onRequest({ secrets: [stripeWebhookSecret, stripeSecretKey] }, async (req, res) => {
  const response = await handleStripeWebhook(
    { method: req.method, rawBody: req.rawBody, signature: req.get('stripe-signature') },
    defaultWebhookDeps(),
  );
  res.status(response.status).json(response.body);
});
