import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { EMAIL_CHANGE_MESSAGES } from '@keyloft/contract/emailChange';
import { emailChangeEmail, mailerSecrets } from '../email';
import { loadRateLimit, saveRateLimit } from '../invitations/store';
import { countRecipientEmail } from '../email/recipientCapStore';
import { requireCaller } from '../lib/callable';
import { emailChangeRequest } from '@keyloft/contract/callables/account';
import { parsePayload } from '../lib/payload';
import { decideSendEmailChange, emailChangeLink, emailChangeRateKey, tokenHash, validateNewEmail } from './decide';
import { defaultEmailChangeDeps, type EmailChangeDeps } from './deps';
import { emailChangeRef, emailChangesOf } from './store';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// SPEC.md §4 Email change, step one: a confirmation link with a single-use token goes to the new
// address. Only the token's SHA-256 is stored (docs/email-change.md); a newer request replaces
// the user's older ones. check auth → validate → load → decide (pure) → apply.

export async function handleSendCustomEmailChange(
  request: Pick<CallableRequest, 'auth' | 'data'>,
  deps: EmailChangeDeps,
): Promise<{ sent: true }> {
  const caller = requireCaller(request);
  const { newEmail, isDevelopment = false } = parsePayload(emailChangeRequest, request.data);
  const valid = validateNewEmail(newEmail, caller.email);
  if (valid.kind === 'refuse') throw new HttpsError(valid.code, valid.message);

  const owner = await deps.accountByEmail(valid.email);
  const token = deps.newToken();
  const hash = tokenHash(token);
  const db = deps.db();
  const key = emailChangeRateKey(caller.uid);

  const decision = await runTransactionWithRetry(db, async (tx) => {
    const requests = await loadRateLimit(tx, db, key);
    const earlier = await tx.get(emailChangesOf(db).where('uid', '==', caller.uid));
    const now = deps.now();
    const decided = decideSendEmailChange({
      caller,
      newEmail: valid.email,
      isDevelopment,
      onEmulator: deps.onEmulator(),
      appUrl: deps.appUrl(),
      owner,
      requests,
      now,
    });
    if (decided.kind === 'refuse') return decided;
    // The new address is the caller's word only until the link is opened: it counts against that
    // address's daily cap (email/recipientCap.ts) like an invitation does.
    await countRecipientEmail(tx, db, decided.record.newEmail, 'email-change', now);
    saveRateLimit(tx, db, key, decided.requests, now);
    for (const doc of earlier.docs) tx.delete(doc.ref);
    tx.create(emailChangeRef(db, hash), decided.record);
    return decided;
  });
  if (decision.kind === 'refuse') throw new HttpsError(decision.code, decision.message);

  // The link is a credential: never logged here, nor put in an error message.
  const message = emailChangeEmail({
    to: decision.record.newEmail,
    currentEmail: caller.email,
    link: emailChangeLink(decision.linkBase, token, decision.record.newEmail),
    expiresAt: decision.record.expiresAt,
  });
  try {
    await deps.mailer().send(message);
  } catch (error) {
    logger.error('sendCustomEmailChange: sending failed', { uid: caller.uid, error: error instanceof Error ? error.message : 'unknown' });
    await emailChangeRef(db, hash).delete().catch(() => undefined);
    throw new HttpsError('internal', EMAIL_CHANGE_MESSAGES.sendFailed);
  }
  return { sent: true };
}

export const sendCustomEmailChange = onLiveCall({ secrets: mailerSecrets() }, (request) =>
  handleSendCustomEmailChange(request, defaultEmailChangeDeps()),
);
