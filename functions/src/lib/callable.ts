import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';

// Every callable starts the same way (ENGINEERING.md §6): the caller's identity first, then the
// shape of the payload, each failing with its own error code before anything is read or written.

export interface Caller {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
}

export function requireCaller(request: Pick<CallableRequest, 'auth'>): Caller {
  const auth = request.auth;
  if (!auth) throw new HttpsError('unauthenticated', 'You must be signed in.');
  const token = auth.token;
  return {
    uid: auth.uid,
    email: typeof token.email === 'string' ? token.email.toLowerCase() : null,
    emailVerified: token.email_verified === true,
  };
}

export const ACCOUNT_DELETED = 'This account has been deleted.';

/**
 * Refuses a caller whose account was deleted: their ID token stays valid for up to an hour after
 * the deletion, and nothing they ask for may re-create data (docs/account-deletion.md).
 */
export function refuseDeletedCaller(deleted: boolean): void {
  if (deleted) throw new HttpsError('permission-denied', ACCOUNT_DELETED);
}

/** The payload as a plain object, or invalid-argument; lib/payload.ts parses its fields. */
export function requireObject(data: unknown): Readonly<Record<string, unknown>> {
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new HttpsError('invalid-argument', 'The request must be an object.');
  }
  return data as Readonly<Record<string, unknown>>;
}
