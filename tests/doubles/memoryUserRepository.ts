import { MasterKeyChangedError, type MasterKeyFields, type StoredUserRecord, type UserRepository } from '../../src/data/users/userRecord';
import { MemoryCollection } from './memoryCollection';

export class MemoryUserRepository implements UserRepository {
  private readonly users = new MemoryCollection<StoredUserRecord>();

  get(uid: string): Promise<StoredUserRecord | null> {
    return Promise.resolve(this.users.get(uid));
  }

  create(uid: string, record: StoredUserRecord): Promise<void> {
    if (this.users.has(uid)) return Promise.reject(new Error(`A user record for ${uid} already exists`));
    this.users.set(uid, record);
    return Promise.resolve();
  }

  /** How many times replaceMasterKey wrote; tests of the change count it. */
  masterKeyWrites = 0;

  replaceMasterKey(uid: string, expectedMasterPasswordTest: string, fields: MasterKeyFields): Promise<void> {
    const existing = this.users.get(uid);
    if (existing?.masterPasswordTest !== expectedMasterPasswordTest) return Promise.reject(new MasterKeyChangedError(uid));
    const { encryptionSalt, kdf, wrappedVaultKey, masterPasswordTest, updatedAt } = fields;
    this.users.set(uid, { ...existing, encryptionSalt, kdf: { ...kdf }, wrappedVaultKey, masterPasswordTest, updatedAt });
    this.masterKeyWrites += 1;
    return Promise.resolve();
  }

  /** A field update the rules allowed (pendingTeamKeys), or what a callable writes: the record as given. */
  replace(uid: string, record: StoredUserRecord): void {
    this.users.set(uid, record);
  }
}
