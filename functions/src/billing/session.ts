import { HttpsError } from 'firebase-functions/v2/https';
import { takeRateLimit } from '../lib/rateLimit';
import { BILLING_SESSIONS_PER_HOUR, billingRateKey } from './decide';
import type { BillingDeps } from './deps';

const HOUR_MS = 3_600_000;
export const TOO_MANY_BILLING_SESSIONS = 'Too many billing requests. Please try again later.';

/** Counts one checkout or portal session against the user's hourly allowance, or refuses. */
export async function takeBillingSession(deps: Pick<BillingDeps, 'db' | 'now'>, uid: string): Promise<void> {
  const allowed = await takeRateLimit(deps.db(), billingRateKey(uid), { max: BILLING_SESSIONS_PER_HOUR, windowMs: HOUR_MS }, deps.now());
  if (!allowed) throw new HttpsError('resource-exhausted', TOO_MANY_BILLING_SESSIONS);
}
