import type { SecretParam } from 'firebase-functions/params';
import { stripeSecretKey } from '../params';

/** The secrets a function that calls Stripe binds (docs/billing.md, "Secrets"). */
export function stripeSecrets(): SecretParam[] {
  return [stripeSecretKey];
}
