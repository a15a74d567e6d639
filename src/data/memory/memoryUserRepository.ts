import type { KeyValueStorage } from '../keyValueStorage';
import type { StoredUserRecord, UserRepository } from '../users/userRecord';

// Local mode only (ENGINEERING.md §4): records live in this tab. The backend name is also the
// marker scripts/check-bundle.mjs looks for to prove a production build carries none of this.
export const IN_MEMORY_BACKEND = 'keyloft:in-memory-repositories';

const STORAGE_KEY = 'keyloft.local.users';

export class MemoryUserRepository implements UserRepository {
  readonly backend = IN_MEMORY_BACKEND;
  private readonly records: Map<string, StoredUserRecord>;

  /**
   * With a storage (the tab's sessionStorage in local mode) the records survive a reload of the
   * tab, as Firestore data would, and still vanish with the tab. They are the same ciphertext a
   * Firestore record holds.
   */
  constructor(private readonly storage?: KeyValueStorage) {
    const saved = storage?.getItem(STORAGE_KEY);
    this.records = new Map(saved ? (JSON.parse(saved) as [string, StoredUserRecord][]) : []);
  }

  get(uid: string): Promise<StoredUserRecord | null> {
    return Promise.resolve(structuredClone(this.records.get(uid) ?? null));
  }

  create(uid: string, record: StoredUserRecord): Promise<void> {
    if (this.records.has(uid)) {
      return Promise.reject(new Error(`A user record for ${uid} already exists`));
    }
    this.records.set(uid, structuredClone(record));
    this.storage?.setItem(STORAGE_KEY, JSON.stringify([...this.records]));
    return Promise.resolve();
  }
}
