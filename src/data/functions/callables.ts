import type { MfaMethod } from '@keyloft/contract/mfa';
import { firebaseServices } from '../firebase/instance';
import { asCallableError } from './callableError';

// Typed wrappers of the callable functions (SPEC.md §7). Region us-central1 comes from the
// services; every call times out after 70 s as the spec fixes.

export const CALLABLE_TIMEOUT_MS = 70_000;

export type Payload = Readonly<Record<string, unknown>>;

/**
 * The reply's data field, unchecked: each wrapper below validates what it reads. A refusal rejects
 * with a CallableError carrying the server's message as sent.
 */
export async function call(name: string, data: Payload): Promise<unknown> {
  const [functions, { httpsCallable }] = await Promise.all([firebaseServices().functions(), import('firebase/functions')]);
  const callable = httpsCallable<Payload>(functions, name, { timeout: CALLABLE_TIMEOUT_MS });
  try {
    return (await callable(data)).data;
  } catch (error) {
    throw asCallableError(error);
  }
}

export async function sendCustomEmailVerification(isDevelopment: boolean): Promise<void> {
  await call('sendCustomEmailVerification', { isDevelopment });
}

/** SPEC.md §4: after a master-password change; the caller only logs a failure. */
export async function sendMasterPasswordChangeNotification(): Promise<void> {
  await call('sendMasterPasswordChangeNotification', {});
}

/** SPEC.md §7: after a second factor was added; the caller only logs a failure. */
export async function sendMfaEnrollmentNotification(method: MfaMethod): Promise<void> {
  await call('sendMfaEnrollmentNotification', { mfaMethod: method });
}

/** SPEC.md §7: after a second factor was removed; the caller only logs a failure. */
export async function sendMfaRemovalNotification(method: MfaMethod): Promise<void> {
  await call('sendMfaRemovalNotification', { mfaMethod: method });
}
