import {
  collection,
  doc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type DocumentSnapshot,
  type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';
import { AUDIT_EVENTS_COLLECTION, AUDIT_PAGE_SIZE, TEAM_LOGS_COLLECTION } from '@keyloft/contract/auditEvents';
import { AUDIT_KINDS_PER_QUERY, type AuditCursor, type AuditLogRepository, type DeletedTeamLog } from '../audit/auditLog';
import { auditEventFrom } from '../audit/storedAuditEvents';

// A team's activity log, read a page at a time (docs/audit-log.md "Viewer"): newest first, at most
// AUDIT_PAGE_SIZE documents per read whatever the log's length. Through firebase/firestore/lite:
// one request per page and no local cache, so the log (actors' addresses) is never kept in this
// browser's device copy. Each filter's query has its composite index in firestore.indexes.json.

/** The cursor is the page's last document; only this repository makes or reads one. */
const toCursor = (snapshot: DocumentSnapshot): AuditCursor => snapshot as unknown as AuditCursor;
const fromCursor = (cursor: AuditCursor | null): DocumentSnapshot | null => cursor as unknown as DocumentSnapshot | null;

export function createFirestoreAuditLogRepository(db: LiteFirestore): AuditLogRepository {
  return {
    async page(log, after) {
      const kinds = log.kinds ?? [];
      if (kinds.length > AUDIT_KINDS_PER_QUERY) throw new Error(`At most ${String(AUDIT_KINDS_PER_QUERY)} kinds per query`);
      const cursor = fromCursor(after);
      const events = collection(doc(db, 'teams', log.teamId), AUDIT_EVENTS_COLLECTION);
      // Written out in one query(...) so the index check (tests/unit/data/indexes.test.ts) reads every filter it may have.
      const page = query(
        events,
        ...(log.actorUid === undefined ? [] : [where('actor.uid', '==', log.actorUid)]),
        ...(kinds.length === 0 ? [] : kinds.length === 1 ? [where('kind', '==', kinds[0])] : [where('kind', 'in', [...kinds])]),
        ...(log.from === undefined ? [] : [where('at', '>=', Timestamp.fromMillis(log.from))]),
        ...(log.to === undefined ? [] : [where('at', '<', Timestamp.fromMillis(log.to))]),
        // Events of the same `at` are ordered by id (Firestore's implicit last order), which the
        // cursor, a document, carries too: none is skipped or listed twice across pages.
        orderBy('at', 'desc'),
        ...(cursor === null ? [] : [startAfter(cursor)]),
        limit(AUDIT_PAGE_SIZE),
      );
      const snapshot = await getDocs(page);
      const last = snapshot.docs.at(-1);
      return {
        entries: snapshot.docs.map((document) => auditEventFrom(document.ref.path, log.teamId, document.id, document.data())),
        next: snapshot.size < AUDIT_PAGE_SIZE || last === undefined ? null : toCursor(last),
      };
    },
    async deletedTeams(ownerUid) {
      // Equality on ownerUid alone (its single-field index), ordered here: a user deletes few teams.
      const snapshot = await getDocs(query(collection(db, TEAM_LOGS_COLLECTION), where('ownerUid', '==', ownerUid)));
      return snapshot.docs.map((document) => deletedTeamFrom(document.id, document.data())).sort((a, b) => (b.deletedAt ?? 0) - (a.deletedAt ?? 0));
    },
  };
}

function deletedTeamFrom(teamId: string, data: Record<string, unknown>): DeletedTeamLog {
  const { teamName, deletedAt } = data;
  return {
    teamId,
    teamName: typeof teamName === 'string' ? teamName : '',
    deletedAt: deletedAt instanceof Timestamp ? deletedAt.toMillis() : null,
  };
}
