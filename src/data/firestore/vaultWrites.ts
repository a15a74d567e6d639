import { runTransaction, writeBatch, type DocumentReference, type Firestore, type QuerySnapshot, type Transaction } from 'firebase/firestore';
import { getDocFromServer } from './serverReads';
import {
  checkRevision,
  FIRST_REVISION,
  OfflineError,
  WriteRefusedError,
  type EntryEvent,
  type GroupEvent,
  type StoredGroup,
  type StoredPasswordEntry,
} from '../vault/storedEntries';
import { writeEventDoc, type ActorSource } from './auditEventDocs';
import { connectionOf } from './liveServer';
import { MalformedRecordError, passwordEntryFrom } from './storedDocuments';

// The writes of the vault repositories (firestoreVaultRepositories.ts). Every change is a
// transaction that reads the document and writes only if it is still at the revision the writer
// read (docs/vault.md, "Revisions"): the SDK commits the write on the version it read and runs the
// function again if another write came first, which then sees the newer revision and gives up with
// RevisionConflictError. The rules refuse a write that does not advance the revision by one, so a
// client skipping this overwrites nothing either. A team document's write carries its event in the
// same commit (docs/audit-log.md).

/** Entries moved per transaction when a personal group is deleted (Firestore allows 500 writes in one). */
const UNGROUP_CHUNK = 250;
/**
 * Team entries moved per transaction: each carries its event, and the rules check each pair with
 * about three document reads (the event after, the entry before and after), of 20 per request.
 */
const UNGROUP_TEAM_CHUNK = 5;

function isRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'permission-denied';
}

/**
 * Offline (the live reads found the server silent), a write is refused at once (OfflineError):
 * the SDK would hold it in its queue, and the dialog would wait for it. Not on the browser's
 * `navigator.onLine` alone: false without a network interface, it would refuse every write to
 * a server on the same machine (the emulators), which answers all the same.
 */
function refuseOffline(db: Firestore): void {
  if (!connectionOf(db).reachable()) throw new OfflineError();
}

/** A write the rules refused becomes WriteRefusedError; anything else passes through unchanged. */
export async function write<T>(db: Firestore, action: () => Promise<T>): Promise<T> {
  refuseOffline(db);
  try {
    return await action();
  } catch (error) {
    if (isRefusal(error)) throw new WriteRefusedError('Missing or insufficient permissions', { cause: error });
    throw error;
  }
}

/**
 * Sets entryFormat: 2 on a user record or team document, once: the rules accept the field alone,
 * never again once set (docs/rules.md, "Sealed entries"), so it is read first in a transaction.
 */
export async function markSealed(db: Firestore, ref: DocumentReference): Promise<void> {
  // Every load asks for the mark; once it is set, a read answers without a transaction, whose
  // commit would fail (and be logged) when the user signs out while it is on its way.
  if ((await getDocFromServer(ref)).get('entryFormat') === 2) return;
  await write(db, () =>
    runTransaction(db, async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists() || snapshot.get('entryFormat') === 2) return;
      transaction.update(ref, { entryFormat: 2 });
    }),
  );
}

/** Tries of one ungroup chunk whose commit was refused because an entry changed between read and commit. */
const UNGROUP_TRIES = 3;

/**
 * Moves the found entries to no group. Each chunk is one transaction that re-reads its entries and
 * moves those still in the group on the revision it read (an entry edited meanwhile keeps its edit
 * and moves on top of it; one moved elsewhere or deleted is left alone). Between chunks a failure
 * leaves some entries moved and the group still there, and running the move again finishes it.
 */
export async function ungroup(db: Firestore, snapshot: QuerySnapshot, groupId: string, now: number, logged?: { teamId: string; actor: ActorSource }): Promise<number> {
  let moved = 0;
  const chunk = logged === undefined ? UNGROUP_CHUNK : UNGROUP_TEAM_CHUNK;
  for (let start = 0; start < snapshot.docs.length; start += chunk) {
    const refs = snapshot.docs.slice(start, start + chunk).map((document) => document.ref);
    moved += await retryRefused(UNGROUP_TRIES, () =>
      runTransaction(db, async (transaction) => {
        const read = await Promise.all(refs.map((ref) => transaction.get(ref)));
        let count = 0;
        for (const current of read) {
          if (!current.exists()) continue;
          const entry = passwordEntryFrom(current.ref.path, current.data());
          if (entry.groupId !== groupId) continue;
          transaction.update(current.ref, { groupId: null, updatedAt: now, encrypted: true, revision: entry.revision + 1 });
          if (logged !== undefined) {
            const body: EntryEvent = { kind: 'entry.moved', entryId: current.id, fromGroupId: groupId, toGroupId: null };
            const event = writeEventDoc(db, logged.actor, logged.teamId, { kind: 'entry', id: current.id, revision: entry.revision + 1 }, body);
            transaction.set(event.ref, event.data);
          }
          count += 1;
        }
        return count;
      }),
    );
  }
  return moved;
}

function isMalformed(read: () => unknown): boolean {
  try {
    read();
    return false;
  } catch (error) {
    if (error instanceof MalformedRecordError) return true;
    throw error;
  }
}

/** The event a team document's write carries, and who writes it (issue #24). */
export interface Logged {
  readonly actor: ActorSource;
  readonly body: EntryEvent | GroupEvent | undefined;
}

/**
 * Runs `change` on the document as stored now, if it is still at `revision`; `change` returns the
 * fields to write (revision + 1 is added), or null to delete it. A team document's write carries
 * `logged.body` as its event in the same transaction (without one, the rules accept only a
 * rotation's re-sealing).
 */
export async function conditionally(
  db: Firestore,
  ref: DocumentReference,
  revision: number,
  kind: 'password' | 'group',
  read: (path: string, data: Record<string, unknown>) => StoredPasswordEntry | StoredGroup,
  change: Record<string, unknown> | ((stored: StoredPasswordEntry | StoredGroup) => Record<string, unknown>) | null,
  logged: Logged,
): Promise<void> {
  refuseOffline(db);
  const logEvent = (transaction: Transaction, teamId: unknown) => {
    if (typeof teamId !== 'string' || logged.body === undefined) return;
    const target = { kind: kind === 'password' ? ('entry' as const) : ('group' as const), id: ref.id, revision: change === null ? ('deleted' as const) : revision + 1 };
    const event = writeEventDoc(db, logged.actor, teamId, target, logged.body);
    transaction.set(event.ref, event.data);
  };
  try {
    await runTransaction(db, async (transaction) => {
      const current = await transaction.get(ref);
      // A document of the wrong shape (listed as damaged, docs/vault.md) has no revision to trust:
      // deleting it is all the user can do with it, and it is deleted as it is.
      if (change === null && current.exists() && isMalformed(() => read(ref.path, current.data()))) {
        transaction.delete(ref);
        logEvent(transaction, current.get('teamId'));
        return;
      }
      const stored = current.exists() ? read(ref.path, current.data()) : null;
      checkRevision(ref.id, stored, revision, kind);
      if (change === null) transaction.delete(ref);
      else if (stored !== null) transaction.update(ref, { ...(typeof change === 'function' ? change(stored) : change), revision: revision + 1 });
      logEvent(transaction, current.get('teamId'));
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    // The rules judge a commit before its read versions are compared: a write that raced another
    // on the same revision comes back refused, not retried. Read again to tell a conflict or a
    // deletion from a real refusal (the role or the key version changed).
    const current = await getDocFromServer(ref).catch((readError: unknown) => {
      throw isRefusal(readError) ? new WriteRefusedError('Missing or insufficient permissions', { cause: error }) : readError;
    });
    checkRevision(ref.id, current.exists() ? read(ref.path, current.data()) : null, revision, kind);
    throw new WriteRefusedError('Missing or insufficient permissions', { cause: error });
  }
}

/** Creates a document, and a team document's event beside it in one batch (the rules require both or neither). */
export async function createLogged(db: Firestore, ref: DocumentReference, data: Record<string, unknown>, teamId: string | null, logged: Logged): Promise<void> {
  const batch = writeBatch(db);
  batch.set(ref, data);
  if (teamId !== null && logged.body !== undefined) {
    const kind = ref.parent.id === 'groups' ? ('group' as const) : ('entry' as const);
    const event = writeEventDoc(db, logged.actor, teamId, { kind, id: ref.id, revision: FIRST_REVISION }, logged.body);
    batch.set(event.ref, event.data);
  }
  await batch.commit();
}

/**
 * Runs a transaction again when the rules refused its commit (an entry written between its read
 * and its commit reads as a refusal); still refused after `tries`, WriteRefusedError.
 */
async function retryRefused<T>(tries: number, action: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if (!isRefusal(error)) throw error;
      if (attempt >= tries) throw new WriteRefusedError('Missing or insufficient permissions', { cause: error });
    }
  }
}
