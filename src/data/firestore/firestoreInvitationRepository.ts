import {
  collection,
  doc,
  FieldPath,
  orderBy,
  query,
  updateDoc,
  where,
  type Firestore,
  type QuerySnapshot,
} from 'firebase/firestore';
import { getDocFromServer, getDocsFromServer } from './serverReads';
import type { InvitationKeyAttachment, InvitationRepository, StoredInvitation } from '../invitations/storedInvitations';
import type { WithId } from '../vault/storedEntries';
import { WriteRefusedError } from '../vault/storedEntries';
import { invitationFrom } from './storedDocuments';

// Invitations (docs/invitations.md). The two queries are the only lists the rules allow: each pins
// status == 'pending' and either the invitee's address or a team the caller manages. Creating and
// answering invitations is the callables'; a client reads, attaches its wrapped key and cancels.

function isPermissionDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'permission-denied';
}

/** A write the rules refused becomes WriteRefusedError; anything else passes through unchanged. */
async function write(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (isPermissionDenied(error)) throw new WriteRefusedError('Missing or insufficient permissions', { cause: error });
    throw error;
  }
}

function invitationsOf(snapshot: QuerySnapshot): WithId<StoredInvitation>[] {
  return snapshot.docs.map((document) => ({ id: document.id, data: invitationFrom(document.ref.path, document.data()) }));
}

function attachmentFields(attachment: InvitationKeyAttachment): Record<string, string | number> {
  return attachment.kind === 'account'
    ? { keyVersion: attachment.keyVersion, encryptedTeamKey: attachment.encryptedTeamKey }
    : { keyVersion: attachment.keyVersion, encryptedTeamKeyWithSecret: attachment.encryptedTeamKeyWithSecret, proofHash: attachment.proofHash };
}

export function createFirestoreInvitationRepository(db: Firestore): InvitationRepository {
  const invitations = collection(db, 'invitations');
  const pending = async (field: 'email' | 'teamId', value: string) =>
    invitationsOf(await getDocsFromServer(query(invitations, where(field, '==', value), where('status', '==', 'pending'), orderBy('createdAt', 'desc'))));

  return {
    async get(inviteId) {
      try {
        const snapshot = await getDocFromServer(doc(invitations, inviteId));
        return snapshot.exists() ? { id: snapshot.id, data: invitationFrom(snapshot.ref.path, snapshot.data()) } : null;
      } catch (error) {
        // The rules read the stored document, so a missing one is refused like someone else's.
        if (isPermissionDenied(error)) return null;
        throw error;
      }
    },
    listPendingForEmail: (email) => pending('email', email),
    listPendingForTeam: (teamId) => pending('teamId', teamId),
    attachKey: (inviteId, attachment) => write(() => updateDoc(doc(invitations, inviteId), attachmentFields(attachment))),
    putPendingTeamKey: (uid, inviteId, wrappedKey, now) =>
      // A FieldPath, not 'pendingTeamKeys.' + id: the id is one key whatever characters it holds.
      write(() => updateDoc(doc(db, 'users', uid), new FieldPath('pendingTeamKeys', inviteId), wrappedKey, 'updatedAt', now)),
  };
}
