import { doc, runTransaction, type Firestore } from 'firebase/firestore';
import type { DeviceCopyStore } from '../deviceCopy/store';
import { getDocFromServerOnce } from './serverReads';
import { MasterKeyChangedError, type MasterKeyFields, type StoredUserRecord, type UserRepository } from '../users/userRecord';
import { serverOrDevice } from './deviceFallback';
import { userRecordFrom } from './storedDocuments';

/**
 * `copy`: the record is kept in the device copy and read from it when the server cannot be
 * reached, so that the vault unlocks offline (its wrapped keys open only with the master password).
 */
export function createFirestoreUserRepository(db: Firestore, copy?: DeviceCopyStore): UserRepository {
  return {
    async get(uid) {
      const ref = doc(db, 'users', uid);
      const [found] = await serverOrDevice(copy, `user:${uid}`, async () => {
        const snapshot = await getDocFromServerOnce(ref);
        return snapshot.exists() ? [[snapshot.id, snapshot.data()] as const] : [];
      });
      return found === undefined ? null : userRecordFrom(ref.path, found[1] as Record<string, unknown>);
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
    async replaceMasterKey(uid, expectedMasterPasswordTest, fields: MasterKeyFields) {
      const ref = doc(db, 'users', uid);
      // One document update, whatever the vault's size: entries are encrypted under the vault key,
      // which does not change. The read makes the write conditional on the check value opened.
      await runTransaction(db, async (transaction) => {
        const existing = await transaction.get(ref);
        if (!existing.exists() || existing.get('masterPasswordTest') !== expectedMasterPasswordTest) {
          throw new MasterKeyChangedError(uid);
        }
        transaction.update(ref, {
          encryptionSalt: fields.encryptionSalt,
          kdf: { ...fields.kdf },
          wrappedVaultKey: fields.wrappedVaultKey,
          masterPasswordTest: fields.masterPasswordTest,
          updatedAt: fields.updatedAt,
        });
      });
    },
  };
}
