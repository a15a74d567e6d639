import { collection, deleteField, doc, documentId, limit, orderBy, query, startAfter, where, type Firestore, type Query } from 'firebase/firestore';
import { getDocsFromServer } from './serverReads';
import type {
  EntryEvent,
  GroupChanges,
  GroupEvent,
  GroupRepository,
  Listing,
  PasswordEntryChanges,
  PasswordRepository,
  StoredGroup,
  StoredPasswordEntry,
} from '../vault/storedEntries';
import { signedInActor, type ActorSource } from './auditEventDocs';
import { entryLabel, groupLabel, quickStoredEntry, storedGroupSchema, storedPasswordEntrySchema } from '../vault/entrySchemas';
import { readListing, strictItems } from '../vault/listing';
import { keptParts } from '../vault/entryChanges';
import { cursorPages, type Documents } from './cursorPages';
import type { PageReader } from './litePages';
import type { DeviceCopyStore } from '../deviceCopy/store';
import { watchSliced, watchWhole, type DeviceRead } from './liveListings';
import { sortedBy } from './queryOrder';
import { groupFrom, passwordEntryFrom } from './storedDocuments';
import { conditionally, createLogged, markSealed, ungroup, write } from './vaultWrites';

// Personal and team passwords and groups (SPEC.md §7 "Document database", docs/teams.md). Every
// query names the owner or the team, so the rules can allow exactly what the user may read. Every
// change is a revision-checked transaction (vaultWrites.ts).

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
