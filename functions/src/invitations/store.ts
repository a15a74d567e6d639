import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { readInvitation, type StoredInvitation } from './model';

// The firebase-admin shell shared by the invitation callables: invitations/{inviteId}, the
// server-only rateLimits/{key} and users/{uid}.pendingTeamKeys (docs/invitations.md). The team
// side (load, members, teamIds) is ../teams/store.ts.

export const invitationsOf = (db: Firestore) => db.collection('invitations');
export const invitationRef = (db: Firestore, inviteId: string) => invitationsOf(db).doc(inviteId);
export { loadRateLimit, rateLimitRef, saveRateLimit } from '../lib/rateLimit';

function readOrFail(snapshot: DocumentSnapshot): StoredInvitation {
  const invitation = readInvitation(snapshot.data());
  if (invitation === null) {
    logger.error('invitation document does not have the expected shape', { inviteId: snapshot.id });
    throw new HttpsError('internal', 'The invitation could not be read.');
  }
  return invitation;
}

export async function loadInvitation(tx: Transaction, db: Firestore, inviteId: string): Promise<StoredInvitation | null> {
  const snapshot = await tx.get(invitationRef(db, inviteId));
  return snapshot.exists ? readOrFail(snapshot) : null;
}

/** Every invitation of the team for this (lower-cased) address, in any state. */
export async function loadInvitationsFor(tx: Transaction, db: Firestore, teamId: string, email: string): Promise<StoredInvitation[]> {
  const result = await tx.get(invitationsOf(db).where('teamId', '==', teamId).where('email', '==', email));
  return result.docs.map(readOrFail);
}

/** users/{uid}.pendingTeamKeys[inviteId] when it is a string, else null. */
export function pendingTeamKeyOf(user: DocumentSnapshot, inviteId: string): string | null {
  const keys: unknown = user.get('pendingTeamKeys');
  if (typeof keys !== 'object' || keys === null || !Object.hasOwn(keys, inviteId)) return null;
  const key: unknown = (keys as Record<string, unknown>)[inviteId];
  return typeof key === 'string' ? key : null;
}

/** Whether users/{uid} holds any entry for the invitation under pendingTeamKeys. */
export function hasPendingEntry(user: DocumentSnapshot, inviteId: string): boolean {
  const keys: unknown = user.get('pendingTeamKeys');
  return typeof keys === 'object' && keys !== null && Object.hasOwn(keys, inviteId);
}

/** The update that removes the invitation's pending key (inviteId is a checked document id, no dots). */
export function removePendingTeamKey(inviteId: string): Record<string, FieldValue> {
  return { [`pendingTeamKeys.${inviteId}`]: FieldValue.delete() };
}

export function respondedPatch(status: 'accepted' | 'declined', now: number): Pick<StoredInvitation, 'status' | 'respondedAt'> {
  return { status, respondedAt: now };
}
