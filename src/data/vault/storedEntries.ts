// Stored shapes of the vault (SPEC.md §3): ciphertext and searchable plain fields only. The
// decrypted shapes the UI uses live in the vault feature; converters accept only these.

export interface StoredPasswordEntry {
  readonly title: string;
  /** Omitted when empty (SPEC.md §5). */
  readonly url?: string;
  readonly notes?: string;
  /** base64(IV ‖ ciphertext ‖ tag), bound to this entry and field. */
  readonly username: string;
  readonly password: string;
  /** null for a personal entry. */
  readonly teamId: string | null;
  readonly userId: string;
  readonly groupId: string | null;
  readonly encrypted: true;
  /** Team entries only: the version of the team key that encrypted username and password. */
  readonly keyVersion?: number;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** The fields an edit may change; updatedAt and encrypted are set by the repository. */
export type PasswordEntryChanges = Partial<
  Pick<StoredPasswordEntry, 'title' | 'url' | 'notes' | 'username' | 'password' | 'groupId' | 'keyVersion'>
> & {
  /** Clears the optional fields an edit emptied. */
  readonly remove?: readonly ('url' | 'notes')[];
};

export interface StoredGroup {
  readonly name: string;
  readonly description?: string;
  /** Set for personal groups, null for team groups. */
  readonly userId: string | null;
  /** Set for team groups, null for personal groups. */
  readonly teamId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

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
}

/** A list that read every document it found: the well-formed ones, and the others by id. */
export interface Listing<T> {
  readonly items: WithId<T>[];
  readonly malformed: MalformedDocument[];
}

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
  create(id: string, entry: StoredPasswordEntry): Promise<void>;
  /** Writes only the given fields, plus updatedAt and encrypted: true. */
  update(id: string, changes: PasswordEntryChanges, now: number): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * Moves every personal entry of the group to no group, in batches. Run before the group is
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
}

export interface GroupRepository {
  newId(): string;
  /** The user's personal groups, ordered by name. */
  listPersonal(userId: string): Promise<WithId<StoredGroup>[]>;
  /** A team's groups (userId null), ordered by name. */
  listTeam(teamId: string): Promise<WithId<StoredGroup>[]>;
  /** listPersonal's groups, a malformed document reported instead of failing the list. */
  scanPersonal(userId: string): Promise<Listing<StoredGroup>>;
  /** listTeam's groups, a malformed document reported instead of failing the list. */
  scanTeam(teamId: string): Promise<Listing<StoredGroup>>;
  create(id: string, group: StoredGroup): Promise<void>;
  /** Sets updatedAt. */
  update(id: string, changes: { readonly name: string; readonly description?: string }, now: number): Promise<void>;
  delete(id: string): Promise<void>;
}

/**
 * The database refused a write (Firestore's permission-denied: the rules said no, for example
 * after the user's team role changed). The vault feature turns it into the SPEC.md §6 message.
 */
export class WriteRefusedError extends Error {
  override readonly name = 'WriteRefusedError';
}
