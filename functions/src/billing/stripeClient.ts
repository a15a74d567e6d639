import Stripe from 'stripe';
import { stripeApiHost, stripeApiPort, stripeApiProtocol, stripeSecretKey } from '../params';

// One place builds the Stripe SDK client, so the pinned API version and the test host are applied
// everywhere. Values come from params (functions/src/params.ts), read inside a function body.

/** The API version this code was written against; Stripe answers in this shape whatever the account default. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeConnection {
  readonly secretKey: string;
  /** Empty for api.stripe.com. */
  readonly host: string;
  readonly port: number;
  readonly protocol: 'http' | 'https';
}

export function createStripeClient(connection: StripeConnection): Stripe {
  return new Stripe(connection.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(connection.host === '' ? {} : { host: connection.host, port: connection.port, protocol: connection.protocol }),
  });
}

/** The client for the deployed functions (and the emulator, whose params point at a local server). */
export function stripeFromParams(): Stripe {
  return createStripeClient({
    secretKey: stripeSecretKey.value(),
    host: stripeApiHost.value(),
    port: stripeApiPort.value(),
    protocol: stripeApiProtocol.value() === 'http' ? 'http' : 'https',
  });
}
