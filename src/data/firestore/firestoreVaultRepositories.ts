import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDocs,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import type { GroupRepository, PasswordEntryChanges, PasswordRepository, StoredGroup, StoredPasswordEntry } from '../vault/storedEntries';
import { groupFrom, passwordEntryFrom } from './vaultConverters';

// Personal passwords and groups (SPEC.md §7 "Document database"). Every query names the owner, so
// the rules can allow exactly the user's own documents.

/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;

export function createFirestorePasswordRepository(db: Firestore): PasswordRepository {
  const passwords = collection(db, 'passwords');
  return {
    newId: () => doc(passwords).id,
    async listPersonal(userId) {
      const snapshot = await getDocs(
        query(passwords, where('userId', '==', userId), where('teamId', '==', null), orderBy('title')),
      );
      return snapshot.docs.map((document) => ({ id: document.id, data: passwordEntryFrom(document.ref.path, document.data()) }));
    },
    async listTeam(teamId) {
      const snapshot = await getDocs(query(passwords, where('teamId', '==', teamId), orderBy('title')));
      return snapshot.docs.map((document) => ({ id: document.id, data: passwordEntryFrom(document.ref.path, document.data()) }));
    },
    async create(id, entry: StoredPasswordEntry) {
      await setDoc(doc(passwords, id), { ...entry });
    },
    async update(id, changes: PasswordEntryChanges, now) {
      const { remove = [], ...fields } = changes;
      await updateDoc(doc(passwords, id), {
        ...fields,
        ...Object.fromEntries(remove.map((name) => [name, deleteField()])),
        updatedAt: now,
        encrypted: true,
      });
    },
    async delete(id) {
      await deleteDoc(doc(passwords, id));
    },
    async ungroupPersonal(userId, groupId, now) {
      const snapshot = await getDocs(
        query(passwords, where('userId', '==', userId), where('teamId', '==', null), where('groupId', '==', groupId)),
      );
      // Each batch is atomic; between batches a failure leaves some entries moved and the group
      // still there, and running the move again finishes it.
      for (let start = 0; start < snapshot.docs.length; start += BATCH_LIMIT) {
        const batch = writeBatch(db);
        for (const document of snapshot.docs.slice(start, start + BATCH_LIMIT)) {
          batch.update(document.ref, { groupId: null, updatedAt: now, encrypted: true });
        }
        await batch.commit();
      }
      return snapshot.docs.length;
    },
  };
}

export function createFirestoreGroupRepository(db: Firestore): GroupRepository {
  const groups = collection(db, 'groups');
  return {
    newId: () => doc(groups).id,
    async listPersonal(userId) {
      const snapshot = await getDocs(query(groups, where('userId', '==', userId), where('teamId', '==', null), orderBy('name')));
      return snapshot.docs.map((document) => ({ id: document.id, data: groupFrom(document.ref.path, document.data()) }));
    },
    async create(id, group: StoredGroup) {
      await setDoc(doc(groups, id), { ...group });
    },
    async update(id, changes, now) {
      await updateDoc(doc(groups, id), {
        name: changes.name,
        description: changes.description ?? deleteField(),
        updatedAt: now,
      });
    },
    async delete(id) {
      await deleteDoc(doc(groups, id));
    },
  };
}
