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
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import {
  WriteRefusedError,
  type GroupRepository,
  type PasswordEntryChanges,
  type PasswordRepository,
  type StoredGroup,
  type StoredPasswordEntry,
} from '../vault/storedEntries';
import { storedGroupSchema, storedPasswordEntrySchema } from '../vault/entrySchemas';
import { readListing, strictItems } from '../vault/listing';

// Personal and team passwords and groups (SPEC.md §7 "Document database", docs/teams.md). Every
// query names the owner or the team, so the rules can allow exactly what the user may read.

/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;

/** A write the rules refused becomes WriteRefusedError; anything else passes through unchanged. */
async function write<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'permission-denied') {
      throw new WriteRefusedError('Missing or insufficient permissions', { cause: error });
    }
    throw error;
  }
}

/** The query's documents, a malformed one reported by id (src/data/vault/listing.ts). */
async function entriesOf(found: Query) {
  const snapshot = await getDocs(found);
  return readListing('passwords', storedPasswordEntrySchema, 'title', snapshot.docs.map((document) => [document.id, document.data()] as const));
}

async function groupsOf(found: Query) {
  const snapshot = await getDocs(found);
  return readListing('groups', storedGroupSchema, 'name', snapshot.docs.map((document) => [document.id, document.data()] as const));
}

/**
 * Moves the found entries to no group. Each batch is atomic; between batches a failure leaves some
 * entries moved and the group still there, and running the move again finishes it.
 */
async function ungroup(db: Firestore, snapshot: QuerySnapshot, now: number): Promise<number> {
  for (let start = 0; start < snapshot.docs.length; start += BATCH_LIMIT) {
    const batch = writeBatch(db);
    for (const document of snapshot.docs.slice(start, start + BATCH_LIMIT)) {
      batch.update(document.ref, { groupId: null, updatedAt: now, encrypted: true });
    }
    await write(() => batch.commit());
  }
  return snapshot.docs.length;
}

export function createFirestorePasswordRepository(db: Firestore): PasswordRepository {
  const passwords = collection(db, 'passwords');
  const personal = (userId: string) => query(passwords, where('userId', '==', userId), where('teamId', '==', null), orderBy('title'));
  const team = (teamId: string) => query(passwords, where('teamId', '==', teamId), orderBy('title'));
  return {
    newId: () => doc(passwords).id,
    async listPersonal(userId) {
      return strictItems('passwords', await entriesOf(personal(userId)));
    },
    async listTeam(teamId) {
      return strictItems('passwords', await entriesOf(team(teamId)));
    },
    scanPersonal: (userId) => entriesOf(personal(userId)),
    scanTeam: (teamId) => entriesOf(team(teamId)),
    async create(id, entry: StoredPasswordEntry) {
      await write(() => setDoc(doc(passwords, id), { ...entry }));
    },
    async update(id, changes: PasswordEntryChanges, now) {
      const { remove = [], ...fields } = changes;
      await write(() =>
        updateDoc(doc(passwords, id), {
          ...fields,
          ...Object.fromEntries(remove.map((name) => [name, deleteField()])),
          updatedAt: now,
          encrypted: true,
        }),
      );
    },
    async delete(id) {
      await write(() => deleteDoc(doc(passwords, id)));
    },
    async ungroupPersonal(userId, groupId, now) {
      const snapshot = await getDocs(
        query(passwords, where('userId', '==', userId), where('teamId', '==', null), where('groupId', '==', groupId)),
      );
      return ungroup(db, snapshot, now);
    },
    async ungroupTeam(teamId, groupId, now) {
      // Equality filters only: no composite index needed. where('teamId') alone proves the read to the rules.
      const snapshot = await getDocs(query(passwords, where('teamId', '==', teamId), where('groupId', '==', groupId)));
      return ungroup(db, snapshot, now);
    },
  };
}

export function createFirestoreGroupRepository(db: Firestore): GroupRepository {
  const groups = collection(db, 'groups');
  const personal = (userId: string) => query(groups, where('userId', '==', userId), where('teamId', '==', null), orderBy('name'));
  const team = (teamId: string) => query(groups, where('teamId', '==', teamId), orderBy('name'));
  return {
    newId: () => doc(groups).id,
    async listPersonal(userId) {
      return strictItems('groups', await groupsOf(personal(userId)));
    },
    async listTeam(teamId) {
      return strictItems('groups', await groupsOf(team(teamId)));
    },
    scanPersonal: (userId) => groupsOf(personal(userId)),
    scanTeam: (teamId) => groupsOf(team(teamId)),
    async create(id, group: StoredGroup) {
      await write(() => setDoc(doc(groups, id), { ...group }));
    },
    async update(id, changes, now) {
      await write(() =>
        updateDoc(doc(groups, id), {
          name: changes.name,
          description: changes.description ?? deleteField(),
          updatedAt: now,
        }),
      );
    },
    async delete(id) {
      await write(() => deleteDoc(doc(groups, id)));
    },
  };
}
