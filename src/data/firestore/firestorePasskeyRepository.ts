import { collection, deleteDoc, doc, orderBy, query, runTransaction, updateDoc, type Firestore } from 'firebase/firestore';
import type { PasskeyRepository, StoredPasskey } from '../passkeys/storedPasskeys';
import { getDocsFromServer } from './serverReads';
import { passkeyFrom } from './storedDocuments';

/**
 * users/{uid}/passkeys on Firestore. Read from the server only: a passkey removed on another device
 * must not be offered from a cache (it would fail anyway; its record and wrap are gone).
 */
export function createFirestorePasskeyRepository(db: Firestore): PasskeyRepository {
  const passkeys = (uid: string) => collection(db, 'users', uid, 'passkeys');
  return {
    async list(uid) {
      const snapshot = await getDocsFromServer(query(passkeys(uid), orderBy('createdAt')));
      return snapshot.docs.map((document) => passkeyFrom(document.ref.path, document.data()));
    },
    async add(uid, passkey: StoredPasskey) {
      const ref = doc(passkeys(uid), passkey.credentialId);
      // A transaction, so a second registration of the same credential does not replace the first's wrap.
      await runTransaction(db, async (transaction) => {
        if ((await transaction.get(ref)).exists()) throw new Error(`The passkey ${passkey.credentialId} is already registered`);
        transaction.set(ref, { ...passkey });
      });
    },
    async markUsed(uid, credentialId, at) {
      await updateDoc(doc(passkeys(uid), credentialId), { lastUsedAt: at });
    },
    async remove(uid, credentialId) {
      await deleteDoc(doc(passkeys(uid), credentialId));
    },
  };
}
