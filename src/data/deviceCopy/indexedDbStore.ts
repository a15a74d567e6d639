import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Documents } from '../firestore/cursorPages';
import type { IdRange } from '../firestore/idRanges';
import { keptSliceAt, rangeOf, withKept, type DeviceCopyStore, type Filling } from './store';

// The device copy in this browser's IndexedDB, shared by the app's tabs. Documents are keyed by
// [vault, id], so a slice of a vault (idRanges.ts) is one key range: a read touches only what it
// answers, however large the other vaults are.

/** The copy's database. */
export const DEVICE_COPY_DATABASE = 'keyloft-device-copy';

interface CopySchema extends DBSchema {
  documents: { key: [string, string]; value: { vault: string; id: string; data: unknown } };
  /**
   * A vault's row: without `filling`, the vault is held whole (store.ts); with it, the vault is
   * being filled and only the slices it names are kept.
   */
  vaults: { key: string; value: { vault: string; filling?: Filling } };
}

/**
 * Documents written per transaction: each put clones its document on the main thread, and a
 * first read of 10,000 entries written in one go would be one long task.
 */
export const WRITE_CHUNK = 100;

/**
 * The longest a chunk of the copy's writes waits for the page to be idle. The first unlock on a
 * new device fills the copy while the same main thread opens and draws the list (issue #42 item
 * 6): the writes give way to that work, and still go on while the page stays busy.
 */
export const IDLE_WAIT_MS = 500;

/** Resolves when the page is idle (or after IDLE_WAIT_MS); at once where there is no idle callback (Node). */
function idle(): Promise<void> {
  if (typeof requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    requestIdleCallback(
      () => {
        resolve();
      },
      { timeout: IDLE_WAIT_MS },
    );
  });
}

/** Refused because another page of the app has the copy open. */
export class CopyInUseError extends Error {
  readonly code = 'failed-precondition';
  constructor() {
    super('Another page of Keyloft has the device copy open.');
    this.name = 'CopyInUseError';
  }
}

/** The first key past every document of `vault`: arrays sort after strings in IndexedDB. */
const afterVault = (vault: string): [string, string] => [vault, []] as unknown as [string, string];

function keyRange(key: string, { from, to }: IdRange): IDBKeyRange {
  return IDBKeyRange.bound([key, from ?? ''], to === null ? afterVault(key) : [key, to], false, to !== null);
}

const WHOLE: IdRange = { from: null, to: null };

export function indexedDbDeviceCopy(name = DEVICE_COPY_DATABASE): DeviceCopyStore {
  let database: Promise<IDBPDatabase<CopySchema>> | null = null;
  let cleared = false;
  const open = () => {
    database ??= openDB<CopySchema>(name, 1, {
      upgrade(db) {
        db.createObjectStore('documents', { keyPath: ['vault', 'id'] });
        db.createObjectStore('vaults', { keyPath: 'vault' });
      },
      // Another page deletes the copy (a browser without Web Locks, copyHolders.ts): let it, and
      // keep no more here.
      blocking() {
        cleared = true;
        void database?.then((db) => {
          db.close();
        });
        database = null;
      },
    });
    return database;
  };

  // Writes run one after another in the order asked, so a change is never overwritten by the
  // older answer it followed. A failed write leaves the vault not whole: read again from the
  // server before the copy answers for it.
  let writes: Promise<void> = Promise.resolve();
  const write = (key: string, run: (db: IDBPDatabase<CopySchema>) => Promise<void>): Promise<void> => {
    const done = writes.then(async () => {
      if (cleared) return;
      const db = await open();
      try {
        await run(db);
      } catch (error) {
        await db.delete('vaults', key).catch(() => undefined);
        throw error;
      }
    });
    writes = done.catch(() => undefined);
    return done;
  };
  const isWhole = async (db: IDBPDatabase<CopySchema>, key: string) => {
    const row = await db.get('vaults', key);
    return row !== undefined && row.filling === undefined;
  };
  const putAll = async (db: IDBPDatabase<CopySchema>, key: string, documents: Documents) => {
    for (let start = 0; start < documents.length; start += WRITE_CHUNK) {
      await idle();
      const transaction = db.transaction('documents', 'readwrite');
      for (const [id, data] of documents.slice(start, start + WRITE_CHUNK)) void transaction.store.put({ vault: key, id, data });
      await transaction.done;
    }
  };

  const store: DeviceCopyStore = {
    async count(key) {
      // Deleted (here or by another page): opening again would make an empty copy.
      if (cleared) return null;
      const db = await open();
      return (await isWhole(db, key)) ? db.count('documents', keyRange(key, WHOLE)) : null;
    },
    async read(key, range) {
      if (cleared) return null;
      const db = await open();
      const transaction = db.transaction(['vaults', 'documents'], 'readonly');
      const row = await transaction.objectStore('vaults').get(key);
      // Being filled: a slice it kept answers, never the vault as a whole.
      if (row === undefined || (row.filling !== undefined && (range === undefined || keptSliceAt(row.filling, range) === undefined))) return null;
      const found = await transaction.objectStore('documents').getAll(keyRange(key, range ?? WHOLE));
      return found.map(({ id, data }) => [id, data] as const);
    },
    async filling(key) {
      if (cleared) return null;
      const db = await open();
      return (await db.get('vaults', key))?.filling ?? null;
    },
    replace: (key, documents, slice) =>
      write(key, async (db) => {
        const range = slice === undefined ? WHOLE : rangeOf(slice);
        const now = new Set(documents.map(([id]) => id));
        const held = await db.getAllKeys('documents', keyRange(key, range));
        const transaction = db.transaction('documents', 'readwrite');
        for (const heldKey of held) if (!now.has(heldKey[1])) void transaction.store.delete(heldKey);
        await transaction.done;
        await putAll(db, key, documents);
        if (slice === undefined) return;
        // Only now, with every document of the slice written, is it kept: a page that goes away
        // before this leaves the slice to be read from the server again at the next unlock.
        const marking = db.transaction('vaults', 'readwrite');
        const row = await marking.store.get(key);
        if (row === undefined || row.filling !== undefined) void marking.store.put({ vault: key, filling: withKept(row?.filling ?? null, slice) });
        await marking.done;
      }),
    apply: (key, changed, removed) =>
      write(key, async (db) => {
        if (removed.length > 0) {
          const transaction = db.transaction('documents', 'readwrite');
          for (const id of removed) void transaction.store.delete([key, id]);
          await transaction.done;
        }
        await putAll(db, key, changed);
      }),
    markWhole: (key) =>
      write(key, async (db) => {
        await db.put('vaults', { vault: key });
      }),
    keep: (key, documents) =>
      write(key, async (db) => {
        // Small vaults: one transaction, so the copy never holds half of a record's answer.
        const transaction = db.transaction(['vaults', 'documents'], 'readwrite');
        const held = transaction.objectStore('documents');
        await held.delete(keyRange(key, WHOLE));
        for (const [id, data] of documents) void held.put({ vault: key, id, data });
        void transaction.objectStore('vaults').put({ vault: key });
        await transaction.done;
      }),
    async vaultKeys() {
      if (cleared) return [];
      const db = await open();
      const transaction = db.transaction(['vaults', 'documents'], 'readonly');
      const keys = new Set(await transaction.objectStore('vaults').getAllKeys());
      // One step per vault, not per document: past each vault's last id to the next vault's first.
      let cursor = await transaction.objectStore('documents').openKeyCursor();
      while (cursor !== null) {
        const [vault] = cursor.key;
        keys.add(vault);
        cursor = await cursor.continue(afterVault(vault));
      }
      return [...keys].sort();
    },
    // One transaction: a failed drop drops nothing (and leaves its first vault not whole).
    drop: (keys) =>
      write(keys[0] ?? '', async (db) => {
        const transaction = db.transaction(['vaults', 'documents'], 'readwrite');
        for (const key of keys) {
          void transaction.objectStore('documents').delete(keyRange(key, WHOLE));
          void transaction.objectStore('vaults').delete(key);
        }
        await transaction.done;
      }),
    async clear() {
      cleared = true;
      await writes;
      const opened = database;
      database = null;
      if (opened !== null) (await opened.catch(() => null))?.close();
      await new Promise<void>((resolve, reject) => {
        // Blocked: another page still has the copy open (without Web Locks, the census misses it).
        // The deletion stays asked for and goes through once that page closes it.
        deleteDB(name, {
          blocked: () => {
            reject(new CopyInUseError());
          },
        }).then(resolve, reject);
      });
    },
  };
  return store;
}
