// Stored shapes of the vault (SPEC.md §3): ciphertext and searchable plain fields only. The
// decrypted shapes the UI uses live in the vault feature; converters accept only these. Every
// ciphertext is a Sealed value (src/crypto/sealed.ts): clear text does not fit in its place.
import type { EntryEventBody, GroupEventBody } from '@keyloft/contract/auditEvents';
import type { Sealed } from '../../crypto/sealed';

/** What every stored entry holds in clear, whatever its format: owner, team, group, key version, revision, times. */
interface StoredEntryCommon {
  /** null for a personal entry. */
  readonly teamId: string | null;
  readonly userId: string;
  readonly groupId: string | null;
  readonly encrypted: true;
  /** Team entries only: the version of the team key that encrypted the entry's secrets. */
  readonly keyVersion?: number;
  /**
   * 1 when created; every write sets the revision it read plus one, and the rules refuse any other
   * (docs/vault.md, "Revisions"). Documents written before revisions existed read as 0.
   */
  readonly revision: number;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Format 1 (today's on Firestore): title, url and notes in clear, username and password sealed field by field. */
export interface StoredPlainEntry extends StoredEntryCommon {
  /** Absent on every format-1 document written so far. */
  readonly format?: 1;
  readonly title: string;
  /** Omitted when empty (SPEC.md §5). */
  readonly url?: string;
  readonly notes?: string;
  /** base64(IV ‖ ciphertext ‖ tag), bound to this entry and field. */
  readonly username: Sealed<'entry-field'>;
  readonly password: Sealed<'entry-field'>;
  readonly overview?: never;
  readonly details?: never;
}

/**
 * Format 2 (SEALED_ENTRY_FORMAT, docs/crypto.md "Sealed entries"): everything the user typed is in
 * two sealed parts, the overview (title, url, username) and the details (password, notes); none of
 * the format-1 fields may be present (a document mixing the two is malformed).
 */
export interface StoredSealedEntry extends StoredEntryCommon {
  /** 2: a login (entryParts.ts); 3: an item of any kind (itemParts.ts, issue #44). Same fields, same bounds. */
  readonly format: 2 | 3;
  /** base64(IV ‖ ciphertext ‖ tag) of {title, url, username}, bound to entry id, format, key version and part. */
  readonly overview: Sealed<'entry-overview'>;
  /** The same for {password, notes}. */
  readonly details: Sealed<'entry-details'>;
  readonly title?: never;
  readonly url?: never;
  readonly notes?: never;
  readonly username?: never;
  readonly password?: never;
}

export type StoredPasswordEntry = StoredPlainEntry | StoredSealedEntry;

/** True for a sealed entry: format 2, or format 3 (an item of any kind). */
export function isSealedEntry(entry: StoredPasswordEntry): entry is StoredSealedEntry {
  return entry.format === 2 || entry.format === 3;
}

/** The fields of one format that the other does not have: an edit changing the format removes them. */
export const PLAIN_ENTRY_FIELDS = ['title', 'url', 'notes', 'username', 'password'] as const;
export const SEALED_ENTRY_FIELDS = ['format', 'overview', 'details'] as const;

export type RemovableEntryField = (typeof PLAIN_ENTRY_FIELDS)[number] | (typeof SEALED_ENTRY_FIELDS)[number];

/**
 * The fields an edit may change; updatedAt, encrypted and revision are set by the repository. A
 * format-1 edit names some of title/url/notes/username/password; a format-2 edit names format,
 * overview and details together (the sealed parts are replaced whole). An edit that turns a
 * format-1 entry into format 2 also lists every format-1 field in `remove`.
 */
export type PasswordEntryChanges = Partial<Pick<StoredPlainEntry, 'title' | 'url' | 'notes' | 'username' | 'password'>> &
  Partial<Pick<StoredSealedEntry, 'format' | 'overview' | 'details'>> &
  Partial<Pick<StoredEntryCommon, 'groupId' | 'keyVersion'>> & {
    /** Clears the optional fields an edit emptied (url, notes), or the other format's fields. */
    readonly remove?: readonly RemovableEntryField[];
    /** Parts sealed again from what is stored: kept as stored at the same key version (keptParts, entryChanges.ts). */
    readonly unchanged?: readonly ('overview' | 'details')[];
  };

/** What every stored group holds in clear, whatever its format: owner or team, revision, times. */
interface StoredGroupCommon {
  /** Set for personal groups, null for team groups. */
  readonly userId: string | null;
  /** Set for team groups, null for personal groups. */
  readonly teamId: string | null;
  /** As for entries: 1 when created, plus one on every write; 0 when absent. */
  readonly revision: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Format 1 (today's on Firestore): name and description in clear. */
export interface StoredPlainGroup extends StoredGroupCommon {
  /** Absent on every format-1 group written so far. */
  readonly format?: 1;
  readonly name: string;
  /** Omitted when empty. */
  readonly description?: string;
  readonly sealed?: never;
  readonly keyVersion?: never;
}

/**
 * Format 2 (SEALED_GROUP_FORMAT, docs/crypto.md "Sealed groups"): name and description in one
 * sealed part; neither may be present in clear (a document mixing the two formats is malformed).
 */
export interface StoredSealedGroup extends StoredGroupCommon {
  readonly format: 2;
  /** base64(IV ‖ ciphertext ‖ tag) of {name, description}, bound to group id, format and key version. */
  readonly sealed: Sealed<'group-overview'>;
  /** Team groups only: the version of the team key that sealed it (the rules insist on the current one). */
  readonly keyVersion?: number;
  readonly name?: never;
  readonly description?: never;
}

export type StoredGroup = StoredPlainGroup | StoredSealedGroup;

/** True for a format-2 (sealed) group. */
export function isSealedGroup(group: StoredGroup): group is StoredSealedGroup {
  return group.format === 2;
}

/** The fields of one group format that the other does not have: an edit changing the format removes them. */
export const PLAIN_GROUP_FIELDS = ['name', 'description'] as const;
export const SEALED_GROUP_FIELDS = ['format', 'sealed', 'keyVersion'] as const;

export type RemovableGroupField = (typeof PLAIN_GROUP_FIELDS)[number] | (typeof SEALED_GROUP_FIELDS)[number];

/**
 * The fields a group edit may change; updatedAt and revision are set by the repository. A format-1
 * edit names name (and description, or lists it in `remove` when emptied); a format-2 edit names
 * format, sealed and (team groups) keyVersion. Sealing a format-1 group also lists name and
 * description in `remove`.
 */
export type GroupChanges = Partial<Pick<StoredPlainGroup, 'name' | 'description'>> &
  Partial<Pick<StoredSealedGroup, 'format' | 'sealed' | 'keyVersion'>> & {
    readonly remove?: readonly RemovableGroupField[];
  };

export interface WithId<T> {
  readonly id: string;
  readonly data: T;
}

/**
 * A stored document that does not have the stored shape (for example `updatedAt` as a string, or
 * `encrypted: false`). A list reports it instead of failing as a whole: one bad document is one
 * bad entry (issue #17), and what it still has that can be shown is kept for the screen.
 */
export interface MalformedDocument {
  readonly id: string;
  /** What is wrong, e.g. 'field "updatedAt" is missing or has the wrong type'. */
  readonly problem: string;
  /** The stored title (entries) or name (groups), when that field at least is a string. */
  readonly label: string | null;
  /** The stored groupId, when it is a string: the entry stays under its group's filter. */
  readonly groupId: string | null;
  /** The stored keyVersion, when it is an integer: a key rotation knows whether the document holds it up. */
  readonly keyVersion: number | null;
}

/** A list that read every document it found: the well-formed ones, and the others by id. */
export interface Listing<T> {
  readonly items: WithId<T>[];
  readonly malformed: MalformedDocument[];
}

/**
 * What a live read hands over (issue #22). A vault is listened to in slices of its documents
 * (`slices` of them, fixed for the read; each document is in exactly one), each slice on its own:
 * its first call (`first`) holds every document of the slice, later ones only those added or
 * changed since, and the ids of those deleted (or no longer in what is read). A malformed document
 * is reported in `changed.malformed`, as a list does.
 */
export interface ListingChanges<T> {
  readonly slice: number;
  readonly slices: number;
  readonly first: boolean;
  readonly changed: Listing<T>;
  readonly removed: readonly string[];
}

/** The receiver of a live read. After `onError` (the database refused or lost the read) it is over and calls nothing again. */
export interface ListingWatcher<T> {
  onChanges(changes: ListingChanges<T>): void;
  onError(error: Error): void;
}

/** Ends a live read: nothing is called after it returns. */
export type StopWatching = () => void;

/**
 * The activity-log event a team entry's write carries in its own batch (issue #24,
 * docs/audit-log.md): what the change was, never a value. The repository adds the team, the actor
 * (the signed-in user) and the server's time, and names it by the revision the write makes (or the
 * deletion). The rules refuse a team entry's write without it; a personal write carries none.
 */
export type EntryEvent = EntryEventBody;
/** The same for a team group's write. */
export type GroupEvent = GroupEventBody;

export interface PasswordRepository {
  /** A fresh document id: entries are encrypted against their id before they are first written. */
  newId(): string;
  /** The user's personal entries, ordered by title. */
  listPersonal(userId: string): Promise<WithId<StoredPasswordEntry>[]>;
  /** A team's entries, ordered by title. */
  listTeam(teamId: string): Promise<WithId<StoredPasswordEntry>[]>;
  /**
   * The same entries as listPersonal, where a document of the wrong shape is reported in
   * `malformed` (and logged) instead of failing the list. The vault screens load through this;
   * listPersonal and listTeam still refuse such a document with MalformedRecordError, for callers
   * that must not act on part of a list (a rotation re-encrypting every entry).
   */
  scanPersonal(userId: string): Promise<Listing<StoredPasswordEntry>>;
  /** listTeam's entries, a malformed document reported as in scanPersonal. */
  scanTeam(teamId: string): Promise<Listing<StoredPasswordEntry>>;
  /**
   * scanPersonal's entries a page at a time (a few hundred each), in document-id order, not by
   * title: the vault screens decrypt and show each page as it arrives (issue #18), and order the
   * entries themselves. A page that cannot be read rejects the iteration there.
   */
  readPersonalPages(userId: string): AsyncIterable<Listing<StoredPasswordEntry>>;
  /** scanTeam's entries a page at a time, as readPersonalPages. */
  readTeamPages(teamId: string): AsyncIterable<Listing<StoredPasswordEntry>>;
  /**
   * scanPersonal's entries, live (issue #22): `watcher` gets them all, a slice at a time, then every
   * change to them, until the returned function is called. A read the database refuses (the user
   * lost access) or loses ends with onError.
   */
  watchPersonal(userId: string, watcher: ListingWatcher<StoredPasswordEntry>): StopWatching;
  /** scanTeam's entries, live, as watchPersonal. */
  watchTeam(teamId: string, watcher: ListingWatcher<StoredPasswordEntry>): StopWatching;
  /** `entry.revision` must be 1 (FIRST_REVISION). A team entry's create carries its event. */
  create(id: string, entry: StoredPasswordEntry, event?: EntryEvent): Promise<void>;
  /**
   * Writes only the given fields, plus updatedAt, encrypted: true and revision + 1, if the stored
   * entry is still at `revision` (the one the writer read); else RevisionConflictError with the
   * stored entry, or GoneError when there is none. Nothing is written then. A team entry's update
   * carries its event, except a rotation's re-sealing at a newer key version (logged as the rotation).
   */
  update(id: string, changes: PasswordEntryChanges, now: number, revision: number, event?: EntryEvent): Promise<void>;
  /** Deletes the entry if it is still at `revision`; else RevisionConflictError or GoneError. A team entry's delete carries its event. */
  delete(id: string, revision: number, event?: EntryEvent): Promise<void>;
  /**
   * Moves every personal entry of the group to no group, in batches, each entry on the revision
   * read in the batch (an entry moved or deleted meanwhile is left alone). Run before the group is
   * deleted, so an interruption leaves the group in place and a retry finishes the move.
   */
  ungroupPersonal(userId: string, groupId: string, now: number): Promise<number>;
  /**
   * The same for a team group: every entry of the team in the group moves to no group, in
   * batches. The rules accept a team entry's write only at the team's current keyVersion, so while
   * a rotation is re-encrypting entries a batch holding an older one is refused (WriteRefusedError)
   * and the group stays; once the rotation is done, running it again finishes the move.
   */
  ungroupTeam(teamId: string, groupId: string, now: number): Promise<number>;
  /**
   * Marks the user's vault (users/{uid}.entryFormat) or a team (teams/{teamId}.entryFormat) as
   * holding no format-1 entry, once: from then on the rules refuse format-1 writes there
   * (docs/rules.md, "Sealed entries"). A mark already set is left as it is.
   */
  markPersonalSealed(userId: string): Promise<void>;
  markTeamSealed(teamId: string): Promise<void>;
}

export interface GroupRepository {
  newId(): string;
  /**
   * The user's personal groups, ordered by stored name (code point order, then id); a sealed group
   * has no name in clear and comes first, by id. The vault orders by the opened names itself.
   */
  listPersonal(userId: string): Promise<WithId<StoredGroup>[]>;
  /** A team's groups (userId null), ordered as listPersonal. */
  listTeam(teamId: string): Promise<WithId<StoredGroup>[]>;
  /** listPersonal's groups, a malformed document reported instead of failing the list. */
  scanPersonal(userId: string): Promise<Listing<StoredGroup>>;
  /** listTeam's groups, a malformed document reported instead of failing the list. */
  scanTeam(teamId: string): Promise<Listing<StoredGroup>>;
  /** scanPersonal's groups, live (issue #22), as PasswordRepository.watchPersonal (a vault's groups are few: one slice). */
  watchPersonal(userId: string, watcher: ListingWatcher<StoredGroup>): StopWatching;
  /** scanTeam's groups, live. */
  watchTeam(teamId: string, watcher: ListingWatcher<StoredGroup>): StopWatching;
  /** `group.revision` must be 1. A team group's writes carry their event, as entries' do. */
  create(id: string, group: StoredGroup, event?: GroupEvent): Promise<void>;
  /** Writes only the given fields (and drops those in `remove`), sets updatedAt and revision + 1, on the revision read, as PasswordRepository.update. */
  update(id: string, changes: GroupChanges, now: number, revision: number, event?: GroupEvent): Promise<void>;
  /** Deletes the group if it is still at `revision`; else RevisionConflictError or GoneError. */
  delete(id: string, revision: number, event?: GroupEvent): Promise<void>;
}

/** The revision of a document the vault creates. */
export const FIRST_REVISION = 1;

/**
 * A conditional write found the document at another revision than the one the writer read: someone
 * else wrote it meanwhile. `current` is the stored document now; nothing was written.
 */
export class RevisionConflictError<T extends { readonly revision: number }> extends Error {
  override readonly name = 'RevisionConflictError';
  constructor(
    readonly current: WithId<T>,
    readonly expectedRevision: number,
  ) {
    super(`${current.id} is at revision ${current.data.revision}, not ${expectedRevision}`);
  }
}

/** The decision of a conditional write on the document as stored now (null: deleted). Pure, so both repositories share it. */
export function checkRevision(id: string, stored: StoredPasswordEntry | StoredGroup | null, revision: number, kind: 'password' | 'group'): void {
  if (stored === null) throw new GoneError(`No ${kind} ${id}: deleted`);
  if (stored.revision !== revision) throw new RevisionConflictError({ id, data: stored }, revision);
}

/** A conditional write or delete found no document: someone else deleted it. Nothing was written. */
export class GoneError extends Error {
  override readonly name = 'GoneError';
}

/**
 * The database refused a write (Firestore's permission-denied: the rules said no, for example
 * after the user's team role changed). The vault feature turns it into the SPEC.md §6 message.
 */
export class WriteRefusedError extends Error {
  override readonly name = 'WriteRefusedError';
}

export const OFFLINE_MESSAGE = "You are offline. Changes can't be saved until you are back online.";

/**
 * A write refused before it was tried because the server cannot be reached (docs/vault.md, "The
 * device copy"): offline, the app reads its device copy and writes nothing, so no save waits in a
 * queue for a revision that may have moved on by the time it is sent.
 */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor() {
    super(OFFLINE_MESSAGE);
  }
}
