// Stored shapes of teams and the interfaces of their repositories and callable functions
// (docs/teams.md). Ciphertext and public values only; the teams feature holds the keys.
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import type { Sealed } from '../../crypto/sealed';
import type { WithId } from '../vault/storedEntries';

export interface StoredTeamMember {
  readonly userId: string;
  readonly role: TeamRole;
  readonly joinedAt: number;
  /** Lower-cased; null for an account without an address. */
  readonly email: string | null;
  /** The team key of the team's keyVersion, RSA-OAEP-wrapped for this member; null while needsTeamKey. */
  readonly encryptedTeamKey: Sealed<'team-key-wrap'> | null;
  readonly needsTeamKey: boolean;
  /**
   * The member's wrap of the key before the last rotation, kept until their browser proves the new
   * wrap opens the team's key (docs/teams.md, "Key checks"). Absent or null when there is none.
   */
  readonly previousTeamKey?: MemberPreviousKey | null;
}

export interface MemberPreviousKey {
  readonly keyVersion: number;
  readonly encryptedTeamKey: Sealed<'team-key-wrap'>;
}

/**
 * A rotation an admin proposed before rotations took effect at once (issue #41), waiting for the
 * owner's browser to check its own wrap and commit it. No longer made; one already stored is still
 * answered by the owner, or replaced by the next rotation.
 */
export interface PendingRotation {
  /** The version the new key will have: the team's keyVersion + 1. */
  readonly keyVersion: number;
  /** teamKeyCheck of the new key. */
  readonly keyCheck: string;
  /** The current key sealed under the new one, as previousKey once committed. */
  readonly sealedPreviousKey: Sealed<'previous-team-key'>;
  /** uid → the new key RSA-OAEP-wrapped for that member. */
  readonly wraps: Readonly<Record<string, Sealed<'team-key-wrap'>>>;
  readonly proposedBy: string;
  readonly proposedAt: number;
}

export interface PreviousTeamKey {
  readonly version: number;
  /** The key of `version`, sealed under the current key (sealPreviousTeamKey). */
  readonly sealed: Sealed<'previous-team-key'>;
}

export interface StoredTeam {
  readonly name: string;
  /** Omitted when empty (SPEC.md §5). */
  readonly description?: string;
  readonly ownerId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Every member with an account: what membership queries and rules use. */
  readonly memberIds: readonly string[];
  readonly members: Readonly<Record<string, StoredTeamMember>>;
  readonly keyVersion: number;
  /** teamKeyCheck of the key of keyVersion; absent or null on a team made before key checks. */
  readonly keyCheck?: string | null;
  /** An admin's stored proposal (no longer made); absent or null when there is none. */
  readonly pendingRotation?: PendingRotation | null;
  readonly rotationNeeded: boolean;
  readonly previousKey: PreviousTeamKey | null;
  readonly deleting: boolean;
  /**
   * 2 once the team holds no format-1 entry (docs/rules.md, "Sealed entries"): a team made since
   * issue #18 is born with it; an older one gets it from its first editor's migration.
   */
  readonly entryFormat?: 2;
}

/** A document of the user's team list that does not have a team's stored shape (issue #41 item 7). */
export interface MalformedTeam {
  readonly id: string;
  /** Its name when that field at least is a non-empty string. */
  readonly name: string | null;
  /** What is wrong (MalformedRecordError.problem). */
  readonly problem: string;
}

/** A team the device copy listed for the user that the server no longer lists (issue #41 item 3). */
export interface LeftTeam {
  readonly id: string;
  /** Its name as the copy had it; null when the copy's document had none to show. */
  readonly name: string | null;
}

/** The user's team list as read, with what the teams alone do not say. */
export interface TeamListing {
  /** The well-formed teams, ordered by name. */
  readonly teams: WithId<StoredTeam>[];
  /** The malformed ones: flagged, never hiding the others. */
  readonly malformed: MalformedTeam[];
  /** Answered from the device copy because the server was out of reach: what it last said, not the current list. */
  readonly fromDevice: boolean;
  /**
   * Teams the copy last listed for the user and the server no longer does (left, removed,
   * deleted): their vaults have just been dropped from the copy. Said once: the copy's list is
   * replaced with the server's, so the next read names none of them.
   */
  readonly left: LeftTeam[];
}

export interface TeamRepository {
  /** A fresh team id: the team key's wraps are bound to it before the team is created. */
  newId(): string;
  /**
   * The user's team list (by memberIds), ordered by name; deleting teams left out. With the device
   * copy, read from the server it also drops from the copy the vaults of every team no user of
   * this browser still lists (docs/vault.md, "The device copy").
   */
  listing(uid: string): Promise<TeamListing>;
  /** listing's well-formed teams. */
  listForMember(uid: string): Promise<WithId<StoredTeam>[]>;
  /**
   * Live (issue #22): calls `changed` whenever a team of listForMember changes, joins or leaves
   * it (a role, a member, a key rotation, a removal), not for the teams as they are when it
   * starts; `failed` once if the read ends. Returns the stop.
   */
  watchForMember(uid: string, changed: () => void, failed: (error: Error) => void): () => void;
  get(teamId: string): Promise<StoredTeam | null>;
  /** Owner only (rules): name and description, and updatedAt. An empty description is removed. */
  updateDetails(teamId: string, details: { readonly name: string; readonly description?: string }, now: number): Promise<void>;
  /** The team's member-key records: member uid → record. A document of the wrong shape is left out (it vouches for nothing). */
  listMemberKeys(teamId: string): Promise<Map<string, StoredMemberKey>>;
  /** Owner or admin holding the key (rules), at the team's current keyVersion. */
  putMemberKey(teamId: string, memberUid: string, record: StoredMemberKey): Promise<void>;
}

/** publicKeys/{uid}: readable by every signed-in user, created once by its owner. */
export interface PublicKeyRepository {
  get(uid: string): Promise<string | null>;
  /** Creates the document if it does not exist yet; never changes an existing one. */
  publish(uid: string, publicKey: string, now: number): Promise<void>;
}

/**
 * The owner's remembered teammate fingerprints (docs/teams.md, "Remembered fingerprints"): one
 * record per teammate, knownKeys/{uid}/teammates/{teammateUid} = { sealed, updatedAt }, each
 * sealed under the owner's vault key, so two tabs remembering two teammates never overwrite each
 * other. The first format, one sealed map in knownKeys/{uid}, is only read (to migrate) and removed.
 *
 * A record whose `sealed` is missing or not a string is handed up as '' rather than thrown: it then
 * fails to open and is reported as damaged for that teammate, never as a failure of every read.
 */
export interface KnownKeysRepository {
  /** knownKeys/{uid}.sealed of the first format; null when there is none. */
  getLegacy(uid: string): Promise<string | null>;
  /** Deletes knownKeys/{uid} of the first format (its teammates stay). */
  removeLegacy(uid: string): Promise<void>;
  /** Every teammate record: teammate uid → sealed fingerprint. */
  list(uid: string): Promise<Map<string, string>>;
  get(uid: string, teammateUid: string): Promise<string | null>;
  put(uid: string, teammateUid: string, sealed: string, now: number): Promise<void>;
}

/**
 * teams/{teamId}/memberKeys/{memberUid}: the fingerprint some owner or admin confirmed for the
 * member, vouched for under the team key of `keyVersion` (memberKeyCheck), so every key holder can
 * check the member's public key against it and the server cannot swap it (docs/teams.md,
 * "Member key records").
 */
export interface StoredMemberKey {
  /** SHA-256 of the member's SPKI, 64 lowercase hex digits. */
  readonly fingerprint: string;
  readonly keyVersion: number;
  /** memberKeyCheck(team key of keyVersion, { teamId, keyVersion }, memberUid, fingerprint). */
  readonly check: string;
  /** The owner or admin whose browser confirmed it (or carried it over a rotation). */
  readonly confirmedBy: string;
  readonly updatedAt: number;
}

/** The team callables (docs/teams.md); each rejects with the server's message on refusal. */
export interface TeamFunctions {
  createTeam(input: { teamId: string; name: string; description?: string; encryptedTeamKey: string; keyCheck?: string }): Promise<void>;
  changeMemberRole(input: { teamId: string; userId: string; role: TeamRole }): Promise<void>;
  removeTeamMember(input: { teamId: string; userId: string }): Promise<void>;
  leaveTeam(input: { teamId: string }): Promise<void>;
  grantTeamKey(input: { teamId: string; userId: string; keyVersion: number; encryptedTeamKey: string }): Promise<void>;
  rotateTeamKey(input: {
    teamId: string;
    fromVersion: number;
    wraps: Readonly<Record<string, string>>;
    sealedPreviousKey: string;
    keyCheck: string;
  }): Promise<{ keyVersion: number; committed: boolean }>;
  /** Owner: commits the pending rotation after their browser checked its own wrap in it. */
  confirmTeamKeyRotation(input: { teamId: string; keyVersion: number }): Promise<void>;
  /** Any member: their wrap opens the key whose check is published (or, the owner, publishes it). */
  confirmTeamKey(input: { teamId: string; keyVersion: number; keyCheck: string }): Promise<void>;
  /** Any member: their wrap does not open the team's key; they are flagged as needing it. */
  reportTeamKeyMismatch(input: { teamId: string; keyVersion: number }): Promise<void>;
  finishKeyRotation(input: { teamId: string; keyVersion: number }): Promise<void>;
  deleteTeam(input: { teamId: string }): Promise<void>;
}
