import type { StoredUserRecord, UserRepository } from '../users/userRecord';

// Local mode only (ENGINEERING.md §4): records live in this tab's memory. The backend name is also
// the marker scripts/check-bundle.mjs looks for to prove a production build carries none of this.
export const IN_MEMORY_BACKEND = 'keyloft:in-memory-repositories';

export class MemoryUserRepository implements UserRepository {
  readonly backend = IN_MEMORY_BACKEND;
  private readonly records = new Map<string, StoredUserRecord>();

  get(uid: string): Promise<StoredUserRecord | null> {
    return Promise.resolve(structuredClone(this.records.get(uid) ?? null));
  }

  create(uid: string, record: StoredUserRecord): Promise<void> {
    if (this.records.has(uid)) {
      return Promise.reject(new Error(`A user record for ${uid} already exists`));
    }
    this.records.set(uid, structuredClone(record));
    return Promise.resolve();
  }
}
