import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { adminFirestore } from '../lib/admin';
import { appUrl, stripePriceUnlimited } from '../params';
import type { PlanPrices } from './plans';
import { stripeFromParams } from './stripeClient';

// The I/O the billing callables use, replaceable in tests (the emulator tier calls the handlers
// with a Stripe client pointed at the fake server).

export interface BillingDeps {
  readonly db: () => Firestore;
  readonly stripe: () => Stripe;
  readonly now: () => number;
  readonly appUrl: () => string;
  readonly prices: () => PlanPrices;
}

export function defaultBillingDeps(): BillingDeps {
  let client: Stripe | null = null;
  return {
    db: adminFirestore,
    stripe: () => (client ??= stripeFromParams()),
    now: Date.now,
    appUrl: () => appUrl.value(),
    prices: () => ({ unlimited: stripePriceUnlimited.value() }),
  };
}
