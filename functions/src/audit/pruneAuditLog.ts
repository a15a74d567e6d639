import { Timestamp, type Firestore, type QueryDocumentSnapshot, type QuerySnapshot } from 'firebase-admin/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { AUDIT_EVENTS_COLLECTION, TEAM_LOGS_COLLECTION } from '@keyloft/contract/auditEvents';
import { adminFirestore } from '../lib/admin';
import { eventsOf } from './record';
import { isTeamEventPath, retentionCutoff } from './retention';

// Retention of the activity log (docs/audit-log.md, "Retention and cost"): every hour, the events
// older than AUDIT_RETENTION_DAYS are deleted, found by one collection-group query on `at` (its
// index: firestore.indexes.json, fieldOverrides), in batches of at most PRUNE_BATCH_SIZE deletes;
// then the deleted teams' teamLogs documents past the same age whose events are all gone. A run
// stops after PRUNE_BATCHES_PER_RUN batches and the next takes the rest, so a backlog never
// outlasts the timeout.

export const PRUNE_BATCH_SIZE = 500;
export const PRUNE_BATCHES_PER_RUN = 100;

export interface PruneDeps {
  readonly db: () => Firestore;
  readonly now: () => number;
}

export interface PruneOptions {
  readonly batchSize?: number;
  readonly batchesPerRun?: number;
}

export interface PruneResult {
  readonly events: number;
  readonly teamLogs: number;
}

async function deleteAll(db: Firestore, docs: readonly QueryDocumentSnapshot[]): Promise<void> {
  if (docs.length === 0) return;
  const batch = db.batch();
  for (const doc of docs) batch.delete(doc.ref);
  await batch.commit();
}

export async function pruneAuditLog(deps: PruneDeps, options: PruneOptions = {}): Promise<PruneResult> {
  const db = deps.db();
  const batchSize = Math.min(options.batchSize ?? PRUNE_BATCH_SIZE, PRUNE_BATCH_SIZE);
  let batchesLeft = options.batchesPerRun ?? PRUNE_BATCHES_PER_RUN;
  const cutoff = Timestamp.fromMillis(retentionCutoff(deps.now()));

  let events = 0;
  // Ordered by `at` with a cursor, so a page of documents retention skips is not read again.
  let after: QueryDocumentSnapshot | null = null;
  while (batchesLeft > 0) {
    const query = db.collectionGroup(AUDIT_EVENTS_COLLECTION).where('at', '<', cutoff).orderBy('at').select('at').limit(batchSize);
    const page: QuerySnapshot = await (after === null ? query : query.startAfter(after)).get();
    if (page.empty) break;
    const expired = page.docs.filter((doc) => isTeamEventPath(doc.ref.path));
    await deleteAll(db, expired);
    events += expired.length;
    batchesLeft -= 1;
    after = page.docs[page.docs.length - 1] ?? null;
    if (page.size < batchSize) break;
  }

  let teamLogs = 0;
  while (batchesLeft > 0) {
    const page = await db.collection(TEAM_LOGS_COLLECTION).where('deletedAt', '<', cutoff).select().limit(batchSize).get();
    if (page.empty) break;
    // A log whose events this run did not reach keeps its reader until a later run removes them.
    const done: QueryDocumentSnapshot[] = [];
    for (const log of page.docs) if ((await eventsOf(db, log.id).select().limit(1).get()).empty) done.push(log);
    await deleteAll(db, done);
    teamLogs += done.length;
    batchesLeft -= 1;
    if (done.length < page.size || page.size < batchSize) break;
  }
  return { events, teamLogs };
}

export const pruneAuditLogHourly = onSchedule({ schedule: 'every 60 minutes', timeoutSeconds: 540 }, async () => {
  await pruneAuditLog({ db: adminFirestore, now: Date.now });
});
