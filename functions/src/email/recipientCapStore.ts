import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { rateLimitRef } from '../lib/rateLimit';
import { decideRecipientEmail, readRecipientSends, recipientCapKey, recipientCapMessage, type CappedEmailKind } from './recipientCap';
import { runTransactionWithRetry } from '../lib/contention';

// The per-recipient cap's I/O: rateLimits/recipient-<sha256> holds `{ sends: [{ at, kind }], updatedAt }`
// (server only, like every rateLimits document). Counted before sending, like the other limits:
// a send that fails still counts, so a failing mail server cannot be made to retry without end.

/**
 * Inside the caller's transaction: reads the counter, and either queues the write of one more
 * send or throws resource-exhausted (which aborts the whole transaction, so nothing else the
 * caller queued is written either). Call it after the transaction's other reads, before its writes.
 */
export async function countRecipientEmail(tx: Transaction, db: Firestore, email: string, kind: CappedEmailKind, now: number): Promise<void> {
  const ref = rateLimitRef(db, recipientCapKey(email));
  const decision = decideRecipientEmail(readRecipientSends((await tx.get(ref)).get('sends')), kind, now);
  if (!decision.allowed) throw new HttpsError('resource-exhausted', recipientCapMessage(decision.full));
  tx.set(ref, { sends: decision.sends, updatedAt: now });
}

/** countRecipientEmail in a transaction of its own. */
export function takeRecipientEmail(db: Firestore, email: string, kind: CappedEmailKind, now: number): Promise<void> {
  return runTransactionWithRetry(db, (tx) => countRecipientEmail(tx, db, email, kind, now));
}
