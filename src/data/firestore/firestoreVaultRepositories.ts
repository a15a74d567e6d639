import {
  collection,
  deleteField,
  doc,
  documentId,
  limit,
  orderBy,
  query,
  startAfter,
  runTransaction,
  where,
  writeBatch,
  type DocumentReference,
  type Firestore,
  type Query,
  type QuerySnapshot,
  type Transaction,
} from 'firebase/firestore';
import { getDocFromServer, getDocsFromServer } from './serverReads';
import {
  checkRevision,
  FIRST_REVISION,
  OfflineError,
  WriteRefusedError,
  type GroupChanges,
  type GroupRepository,
  type Listing,
  type PasswordEntryChanges,
  type PasswordRepository,
  type EntryEvent,
  type GroupEvent,
  type StoredGroup,
  type StoredPasswordEntry,
} from '../vault/storedEntries';
import { signedInActor, writeEventDoc, type ActorSource } from './auditEventDocs';
import { entryLabel, groupLabel, quickStoredEntry, storedGroupSchema, storedPasswordEntrySchema } from '../vault/entrySchemas';
import { readListing, strictItems } from '../vault/listing';
import { keptParts } from '../vault/entryChanges';
import { cursorPages, type Documents } from './cursorPages';
import type { PageReader } from './litePages';
import type { DeviceCopyStore } from '../deviceCopy/store';
import { watchSliced, watchWhole, type DeviceRead } from './liveListings';
import { connectionOf } from './liveServer';
import { sortedBy } from './queryOrder';
import { MalformedRecordError, groupFrom, passwordEntryFrom } from './storedDocuments';

// Personal and team passwords and groups (SPEC.md §7 "Document database", docs/teams.md). Every
// query names the owner or the team, so the rules can allow exactly what the user may read.
// Every change is a transaction that reads the document and writes only if it is still at the
// revision the writer read (docs/vault.md, "Revisions"): the SDK commits the write on the version
// it read and runs the function again if another write came first, which then sees the newer
// revision and gives up with RevisionConflictError. The rules refuse a write that does not advance
// the revision by one, so a client skipping this overwrites nothing either.

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
async function write<T>(db: Firestore, action: () => Promise<T>): Promise<T> {
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
async function markSealed(db: Firestore, ref: DocumentReference): Promise<void> {
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

/**
 * Entries read per request. One query for a whole vault of 10,000 entries failed on the listen
 * stream (HTTP 400, again and again) and the screen said the vault was empty (issue #18); pages on
 * the document id keep every response small, whatever the vault's size.
 */
export const ENTRY_PAGE_SIZE = 300;

/** Every document of `filtered`, a page of ENTRY_PAGE_SIZE at a time on the document id (cursorPages). */
function pagesOf(filtered: Query): AsyncGenerator<Documents> {
  return cursorPages(
    (after) => getDocsFromServer(query(filtered, orderBy(documentId()), ...(after === null ? [] : [startAfter(after)]), limit(ENTRY_PAGE_SIZE))),
    ENTRY_PAGE_SIZE,
  );
}

/** Every document of `filtered`, read in pages. */
async function inPages(filtered: Query): Promise<Documents> {
  const documents: Documents = [];
  for await (const page of pagesOf(filtered)) documents.push(...page);
  return documents;
}

/** The filter's entries a page at a time, as read (document-id order), a malformed one reported by id. */
function entryPagesOf(filtered: Query): AsyncGenerator<Listing<StoredPasswordEntry>> {
  return listedPages(pagesOf(filtered));
}

const readEntries = (documents: Documents): Listing<StoredPasswordEntry> =>
  readListing('passwords', storedPasswordEntrySchema, entryLabel, documents, quickStoredEntry);
const readGroups = (documents: Documents): Listing<StoredGroup> => readListing('groups', storedGroupSchema, groupLabel, documents);

async function* listedPages(pages: AsyncGenerator<Documents>): AsyncGenerator<Listing<StoredPasswordEntry>> {
  for await (const page of pages) yield readEntries(page);
}

/** The filter's entries in pages, ordered by title in the browser, a malformed one reported by id (src/data/vault/listing.ts). */
async function entriesOf(filtered: Query) {
  const documents = sortedBy('title', await inPages(filtered));
  return readListing('passwords', storedPasswordEntrySchema, entryLabel, documents, quickStoredEntry);
}

/**
 * The filter's groups, ordered by stored name in the browser: a sealed group has no name in clear,
 * and a query ordered by name would leave it out (Firestore orders only documents holding the field).
 */
async function groupsOf(found: Query) {
  const snapshot = await getDocsFromServer(found);
  return readListing('groups', storedGroupSchema, groupLabel, sortedBy('name', snapshot.docs.map((document) => [document.id, document.data()] as const)));
}
/** Tries of one ungroup chunk whose commit was refused because an entry changed between read and commit. */
const UNGROUP_TRIES = 3;

/**
 * Moves the found entries to no group. Each chunk is one transaction that re-reads its entries and
 * moves those still in the group on the revision it read (an entry edited meanwhile keeps its edit
 * and moves on top of it; one moved elsewhere or deleted is left alone). Between chunks a failure
 * leaves some entries moved and the group still there, and running the move again finishes it.
 */
async function ungroup(db: Firestore, snapshot: QuerySnapshot, groupId: string, now: number, logged?: { teamId: string; actor: ActorSource }): Promise<number> {
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
interface Logged {
  readonly actor: ActorSource;
  readonly body: EntryEvent | GroupEvent | undefined;
}

/**
 * Runs `change` on the document as stored now, if it is still at `revision`; `change` returns the
 * fields to write (revision + 1 is added), or null to delete it. A team document's write carries
 * `logged.body` as its event in the same transaction (without one, the rules accept only a
 * rotation's re-sealing).
 */
async function conditionally(
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
async function createLogged(db: Firestore, ref: DocumentReference, data: Record<string, unknown>, teamId: string | null, logged: Logged): Promise<void> {
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

/** How the live reads slice a vault: about `entriesPerRange` entries per listener (idRanges.ts; tests make it small). */
export interface LiveReadOptions {
  readonly entriesPerRange?: number;
  /** The device copy, when this browser keeps one (docs/vault.md, "The device copy"). */
  readonly copy?: DeviceCopyStore;
}

/** The device read of vault `key`, when the live reads keep a device copy. */
function deviceRead(live: LiveReadOptions, key: string): DeviceRead | undefined {
  return live.copy === undefined ? undefined : { key, copy: live.copy };
}

/**
 * `pages`: how the whole-vault reads (readPersonalPages/readTeamPages) fetch their pages; the app
 * passes the lite reader (litePages.ts), the default reads through this Firestore instance.
 */
export function createFirestorePasswordRepository(
  db: Firestore,
  pages?: PageReader,
  live: LiveReadOptions = {},
  actor: ActorSource = signedInActor(db),
): PasswordRepository {
  const passwords = collection(db, 'passwords');
  const entryPages = (equal: readonly (readonly [string, unknown])[], filtered: Query) =>
    pages === undefined ? entryPagesOf(filtered) : listedPages(pages('passwords', equal, ENTRY_PAGE_SIZE));
  // Equality filters only, paged on the document id: no composite index needed.
  const personal = (userId: string) => query(passwords, where('userId', '==', userId), where('teamId', '==', null));
  const team = (teamId: string) => query(passwords, where('teamId', '==', teamId));
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
    readPersonalPages: (userId) => entryPages([['userId', userId], ['teamId', null]], personal(userId)),
    readTeamPages: (teamId) => entryPages([['teamId', teamId]], team(teamId)),
    watchPersonal: (userId, watcher) => watchSliced(personal(userId), readEntries, watcher, live.entriesPerRange, deviceRead(live, `entries:personal:${userId}`)),
    watchTeam: (teamId, watcher) => watchSliced(team(teamId), readEntries, watcher, live.entriesPerRange, deviceRead(live, `entries:team:${teamId}`)),
    async create(id, entry: StoredPasswordEntry, event?: EntryEvent) {
      await write(db, () => createLogged(db, doc(passwords, id), { ...entry }, entry.teamId, { actor, body: event }));
    },
    async update(id, changes: PasswordEntryChanges, now, revision, event?: EntryEvent) {
      // The parts named unchanged are kept as stored, judged on the entry the transaction reads.
      const change = (stored: StoredPasswordEntry | StoredGroup) => {
        const { remove = [], ...fields } = keptParts(stored as StoredPasswordEntry, changes);
        return { ...fields, ...Object.fromEntries(remove.map((name) => [name, deleteField()])), updatedAt: now, encrypted: true };
      };
      await conditionally(db, doc(passwords, id), revision, 'password', passwordEntryFrom, change, { actor, body: event });
    },
    async delete(id, revision, event?: EntryEvent) {
      await conditionally(db, doc(passwords, id), revision, 'password', passwordEntryFrom, null, { actor, body: event });
    },
    async ungroupPersonal(userId, groupId, now) {
      const snapshot = await getDocsFromServer(
        query(passwords, where('userId', '==', userId), where('teamId', '==', null), where('groupId', '==', groupId)),
      );
      return ungroup(db, snapshot, groupId, now);
    },
    async ungroupTeam(teamId, groupId, now) {
      // Equality filters only: no composite index needed. where('teamId') alone proves the read to the rules.
      const snapshot = await getDocsFromServer(query(passwords, where('teamId', '==', teamId), where('groupId', '==', groupId)));
      return ungroup(db, snapshot, groupId, now, { teamId, actor });
    },
    markPersonalSealed: (userId) => markSealed(db, doc(db, 'users', userId)),
    markTeamSealed: (teamId) => markSealed(db, doc(db, 'teams', teamId)),
  };
}

export function createFirestoreGroupRepository(db: Firestore, live: LiveReadOptions = {}, actor: ActorSource = signedInActor(db)): GroupRepository {
  const groups = collection(db, 'groups');
  // Equality filters only (no orderBy('name'): it would drop sealed groups); ordered in the browser.
  const personal = (userId: string) => query(groups, where('userId', '==', userId), where('teamId', '==', null));
  const team = (teamId: string) => query(groups, where('teamId', '==', teamId));
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
    watchPersonal: (userId, watcher) => watchWhole(personal(userId), readGroups, watcher, deviceRead(live, `groups:personal:${userId}`)),
    watchTeam: (teamId, watcher) => watchWhole(team(teamId), readGroups, watcher, deviceRead(live, `groups:team:${teamId}`)),
    async create(id, group: StoredGroup, event?: GroupEvent) {
      await write(db, () => createLogged(db, doc(groups, id), { ...group }, group.teamId, { actor, body: event }));
    },
    async update(id, changes: GroupChanges, now, revision, event?: GroupEvent) {
      const { remove = [], ...fields } = changes;
      const change = { ...fields, ...Object.fromEntries(remove.map((name) => [name, deleteField()])), updatedAt: now };
      await conditionally(db, doc(groups, id), revision, 'group', groupFrom, change, { actor, body: event });
    },
    async delete(id, revision, event?: GroupEvent) {
      await conditionally(db, doc(groups, id), revision, 'group', groupFrom, null, { actor, body: event });
    },
  };
}
