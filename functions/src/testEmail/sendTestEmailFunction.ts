import * as logger from 'firebase-functions/logger';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { defaultMailer, mailerSecrets, testEmail, type Mailer } from '../email';
import { loadRateLimit, saveRateLimit } from '../invitations/store';
import { adminFirestore } from '../lib/admin';
import { requireCaller } from '../lib/callable';
import { testEmailRequest } from '@keyloft/contract/callables/account';
import { parsePayload } from '../lib/payload';
import type { Firestore } from 'firebase-admin/firestore';
import { TEST_EMAIL_MESSAGES, decideTestEmail, isOwnVerifiedAddress, testEmailRateKey } from './decide';
import { onLiveCall } from '../lib/liveCall';
import { runTransactionWithRetry } from '../lib/contention';

// SPEC.md §7 sendTestEmailFunction {email}: mails a test message to the caller's own verified
// address, rate limited per user. check auth → validate → load → decide (pure) → apply.

export interface TestEmailDeps {
  readonly db: () => Firestore;
  readonly now: () => number;
  readonly mailer: () => Mailer;
}

export async function handleSendTestEmail(request: Pick<CallableRequest, 'auth' | 'data'>, deps: TestEmailDeps): Promise<{ sent: true }> {
  const caller = requireCaller(request);
  const { email } = parsePayload(testEmailRequest, request.data);
  if (!isOwnVerifiedAddress(caller, email)) throw new HttpsError('permission-denied', TEST_EMAIL_MESSAGES.notOwn);

  const db = deps.db();
  const key = testEmailRateKey(caller.uid);
  const decision = await runTransactionWithRetry(db, async (tx) => {
    const now = deps.now();
    const decided = decideTestEmail({ caller, email, requests: await loadRateLimit(tx, db, key), now });
    if (decided.kind === 'send') saveRateLimit(tx, db, key, decided.requests, now);
    return decided;
  });
  if (decision.kind === 'refuse') throw new HttpsError(decision.code, decision.message);

  await deps.mailer().send(testEmail({ to: decision.to, sentAt: deps.now() })).catch((error: unknown) => {
    logger.error('sendTestEmailFunction: sending failed', { uid: caller.uid, error: error instanceof Error ? error.message : 'unknown' });
    throw new HttpsError('internal', TEST_EMAIL_MESSAGES.sendFailed);
  });
  return { sent: true };
}

export const sendTestEmailFunction = onLiveCall({ secrets: mailerSecrets() }, (request) =>
  handleSendTestEmail(request, { db: adminFirestore, now: Date.now, mailer: defaultMailer }),
);
