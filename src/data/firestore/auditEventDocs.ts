import { getAuth } from 'firebase/auth';
import { doc, serverTimestamp, type DocumentReference, type Firestore } from 'firebase/firestore';
import { AUDIT_EVENTS_COLLECTION, writeEventId, type AuditActor, type AuditEventBody } from '@keyloft/contract/auditEvents';

// The event documents a team entry's or group's write carries in its own batch (issue #24,
// docs/audit-log.md). The rules require exactly this document beside the write: its id from the
// revision the write makes (or the deletion), the caller as actor with their token's email, the
// server's time, and no value.

/** Who is writing, as the rules will see them (request.auth.uid and its token's email); null when nobody is signed in. */
export type ActorSource = () => AuditActor | null;

/** The user signed in on the Firestore instance's app: the one the rules see as request.auth. */
export function signedInActor(db: Firestore): ActorSource {
  return () => {
    let user;
    try {
      user = getAuth(db.app).currentUser;
    } catch {
      // No Auth on this app (a Firestore made for tests with a mock token): nobody signed in here.
      return null;
    }
    return user === null ? null : { uid: user.uid, email: user.email ?? '' };
  };
}

export class NoActorError extends Error {
  override readonly name = 'NoActorError';
  constructor() {
    super('A team write needs a signed-in user for its activity-log event');
  }
}

/** The event `eventId` of team `teamId`: its reference and data. */
export function auditEventDoc(
  db: Firestore,
  actor: ActorSource,
  teamId: string,
  eventId: string,
  body: AuditEventBody,
): { readonly ref: DocumentReference; readonly data: Record<string, unknown> } {
  const who = actor();
  if (who === null) throw new NoActorError();
  const ref = doc(db, 'teams', teamId, AUDIT_EVENTS_COLLECTION, eventId);
  return { ref, data: { ...body, teamId, actor: { uid: who.uid, email: who.email }, at: serverTimestamp() } };
}

/** The event of a write of entry or group `id` that leaves it at `revision` (or deletes it). */
export function writeEventDoc(
  db: Firestore,
  actor: ActorSource,
  teamId: string,
  target: { readonly kind: 'entry' | 'group'; readonly id: string; readonly revision: number | 'deleted' },
  body: AuditEventBody,
) {
  return auditEventDoc(db, actor, teamId, writeEventId(target.kind, target.id, target.revision), body);
}
