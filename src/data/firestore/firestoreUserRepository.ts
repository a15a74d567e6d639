import { doc, getDoc, runTransaction, type Firestore } from 'firebase/firestore';
import type { StoredUserRecord, UserRepository } from '../users/userRecord';
import { userRecordFrom } from './userConverter';

export function createFirestoreUserRepository(db: Firestore): UserRepository {
  return {
    async get(uid) {
      const snapshot = await getDoc(doc(db, 'users', uid));
      return snapshot.exists() ? userRecordFrom(snapshot.ref.path, snapshot.data()) : null;
    },
    async create(uid, record: StoredUserRecord) {
      const ref = doc(db, 'users', uid);
      // A transaction, so a second tab signing up at the same moment cannot replace the first
      // tab's keys (which would leave anything it encrypted undecryptable).
      await runTransaction(db, async (transaction) => {
        const existing = await transaction.get(ref);
        if (existing.exists()) throw new Error(`A user record for ${uid} already exists`);
        transaction.set(ref, { ...record });
      });
    },
  };
}
