import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { EMAIL_CHANGE_MESSAGES } from '@keyloft/contract/emailChange';
import { verifyEmailChangeRequest } from '@keyloft/contract/callables/account';
import { parsePayload } from '../lib/payload';
import { TOKEN_PATTERN, decideVerifyEmailChange, readEmailChange, tokenHash, type StoredEmailChange } from './decide';
import { defaultEmailChangeDeps, type EmailChangeDeps } from './deps';
import { emailChangeRef } from './store';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';


// SPEC.md §4 Email change, step two, from the emailed link. No sign-in is asked: the user was
// logged out when the request was sent, and the token (mailed to the new address) is the proof.
// The token is claimed (its document deleted) in a transaction, so it works once; should the
// change then fail, the claim is undone so that opening the link again completes it.

export async function handleVerifyEmailChangeToken(
  request: Pick<CallableRequest, 'data'>,
  deps: EmailChangeDeps,
): Promise<{ changed: true; email: string }> {
  const { token, newEmail } = parsePayload(verifyEmailChangeRequest, request.data);
  if (!TOKEN_PATTERN.test(token)) throw new HttpsError('invalid-argument', EMAIL_CHANGE_MESSAGES.invalidLink);

  const db = deps.db();
  const ref = emailChangeRef(db, tokenHash(token));
  const pending = readEmailChange((await ref.get()).data());
  const owner = pending === null ? null : await deps.accountByEmail(pending.newEmail);

  const claimed = await runTransactionWithRetry(db, async (tx) => {
    const snapshot = await tx.get(ref);
    const record = snapshot.exists ? readEmailChange(snapshot.data()) : null;
    // A request replaced between the two reads is checked against its own address next time.
    const decision = decideVerifyEmailChange({
      record,
      newEmail,
      owner: record !== null && record.newEmail === pending?.newEmail ? owner : null,
      now: deps.now(),
    });
    if (decision.kind === 'refuse') {
      if (decision.discard) tx.delete(ref);
      return decision;
    }
    tx.delete(ref);
    return { ...decision, record: record as StoredEmailChange };
  });
  if (claimed.kind === 'refuse') throw new HttpsError(claimed.code, claimed.message);

  try {
    await deps.setAuthEmail(claimed.uid, claimed.email);
    await updateRecordEmail(deps, claimed.uid, claimed.email);
  } catch (error) {
    logger.error('verifyEmailChangeToken: applying the change failed', { uid: claimed.uid, error: errorCode(error) });
    await ref.create(claimed.record).catch(() => undefined);
    if (errorCode(error) === 'auth/email-already-exists') throw new HttpsError('already-exists', EMAIL_CHANGE_MESSAGES.inUse);
    throw new HttpsError('internal', 'The email address could not be changed. Please open the link again.');
  }
  return { changed: true, email: claimed.email };
}

/** users/{uid}.email, when the record exists (an account without one has nothing to update). */
async function updateRecordEmail(deps: EmailChangeDeps, uid: string, email: string): Promise<void> {
  const user = deps.db().collection('users').doc(uid);
  await runTransactionWithRetry(deps.db(), async (tx) => {
    if ((await tx.get(user)).exists) tx.update(user, { email });
  });
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return 'unknown';
}

export const verifyEmailChangeToken = onLiveCall((request) => handleVerifyEmailChangeToken(request, defaultEmailChangeDeps()));
