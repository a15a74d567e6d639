import { FieldValue, type Firestore, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { AUDIT_EVENTS_COLLECTION, TEAM_LOGS_COLLECTION, type AuditActor, type AuditEventBody } from '@keyloft/contract/auditEvents';
import { auditEventData, teamLogData } from './eventData';

// The firebase-admin shell of the activity log: an event goes into the transaction or batch of the
// change it records, so the two commit or fail together, at the commit's server time.

export const eventsOf = (db: Firestore, teamId: string) => db.collection('teams').doc(teamId).collection(AUDIT_EVENTS_COLLECTION);
export const teamLogRef = (db: Firestore, teamId: string) => db.collection(TEAM_LOGS_COLLECTION).doc(teamId);

/** Creates one event per body, in order, under teams/{teamId}/events with fresh ids. */
export function recordEvents(
  writer: Transaction | WriteBatch,
  db: Firestore,
  teamId: string,
  actor: AuditActor,
  bodies: readonly AuditEventBody[],
): void {
  for (const body of bodies) {
    const data = auditEventData({ ...body, teamId, actor }, FieldValue.serverTimestamp());
    writer.create(eventsOf(db, teamId).doc(), data);
  }
}

/** Names the former owner of a team deleted in this transaction or batch. */
export function recordTeamLog(writer: Transaction | WriteBatch, db: Firestore, teamId: string, ownerUid: string, teamName: string): void {
  // Transaction and WriteBatch both have set(ref, data); TypeScript cannot call the union of their overloads.
  (writer as WriteBatch).set(teamLogRef(db, teamId), teamLogData(teamId, ownerUid, teamName, FieldValue.serverTimestamp()));
}
