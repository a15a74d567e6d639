import * as logger from 'firebase-functions/logger';
import { HttpsError } from 'firebase-functions/v2/https';

// A failed call to Stripe becomes one HttpsError the app can show; the log keeps Stripe's error
// type, code and request id (never the key, nor a session URL, which is a bearer link).

export const STRIPE_UNAVAILABLE = 'The payment provider could not be reached. Please try again.';
export const STRIPE_FAILED = 'The payment provider refused the request. Please try again or contact support.';

interface StripeLikeError {
  readonly type?: unknown;
  readonly code?: unknown;
  readonly requestId?: unknown;
  readonly statusCode?: unknown;
}

export function stripeFailure(what: string, uid: string, error: unknown): HttpsError {
  const details = (typeof error === 'object' && error !== null ? error : {}) as StripeLikeError;
  logger.error(`${what}: Stripe call failed`, {
    uid,
    type: details.type,
    code: details.code,
    statusCode: details.statusCode,
    requestId: details.requestId,
  });
  const unreachable = details.type === 'StripeConnectionError' || details.type === 'StripeAPIError' || details.type === 'StripeRateLimitError';
  return unreachable ? new HttpsError('unavailable', STRIPE_UNAVAILABLE) : new HttpsError('internal', STRIPE_FAILED);
}
