import {
  DecryptionError,
  InvalidCiphertextError,
  SEALED_ENTRY_FORMAT,
  SEALED_GROUP_FORMAT,
  decryptText,
  encryptText,
  entryFieldContext,
  fingerprintOf,
  generateTeamKey,
  openEntryDetails,
  openEntryOverview,
  openGroupOverview,
  openPreviousTeamKey,
  sealEntryDetails,
  sealEntryOverview,
  sealGroupOverview,
  sealPreviousTeamKey,
  teamKeyCheck,
  type TeamKey,
} from '../../crypto';
import { MalformedRecordError } from '../../data/malformedRecord';
import type { KnownKeysRepository, PublicKeyRepository, StoredTeam, TeamFunctions, TeamRepository } from '../../data/teams/storedTeams';
import {
  GoneError,
  RevisionConflictError,
  isSealedEntry,
  isSealedGroup,
  type GroupRepository,
  type PasswordEntryChanges,
  type PasswordRepository,
  type StoredPasswordEntry,
  type StoredPlainEntry,
  type StoredSealedEntry,
  type StoredGroup,
  type StoredSealedGroup,
} from '../../data/vault/storedEntries';
import { KnownKeyDamagedError, carryMemberKeys, judgeKey, loadRemembered, memberKeyRecord, remember, rememberedOf, vouchedFingerprint } from './knownKeys';
import { decideReencryption } from './reencryptionDecision';
import { TEAM_KEY_MESSAGES, TeamKeyError, TeamKeyMismatchError, openCheckedTeamKey, openTeamKey, wrapFor, type UserKeys } from './teamKeys';

// Rotation after someone leaves (docs/teams.md, "Rotation on removal"). Each pass looks at the
// team as stored and does the next step, so an interruption anywhere is finished by the next run:
//   previousKey set     → re-encrypt the entries still at the old version, then finishKeyRotation;
//   pendingRotation set → the owner checks their own wrap in an admin's proposal and commits it,
//                         or rotates afresh if it does not open the checked key; an admin waits;
//   rotationNeeded set  → a new key wrapped for every key holder, the old one sealed under it.

/** What the teams feature works with: the repositories, the callables and the signed-in user's keys. */
export interface RotationDeps {
  readonly teams: TeamRepository;
  readonly publicKeys: PublicKeyRepository;
  readonly knownKeys: KnownKeysRepository;
  readonly passwords: PasswordRepository;
  /**
   * The team's groups: sealed ones (format 2) are bound to a key version and re-sealed with the
   * entries. Without it a rotation leaves them, and the server refuses to finish while a sealed
   * group is at the old version (nothing becomes unreadable; the rotation stays pending).
   */
  readonly groups?: GroupRepository;
  readonly functions: TeamFunctions;
  readonly userId: string;
  /** null when the vault is locked. */
  readonly keys: UserKeys | null;
  now(): number;
}

export interface RotationProgress {
  readonly phase: 'rotating' | 're-encrypting' | 'awaiting-owner' | 'done';
  readonly done: number;
  readonly total: number;
}

/** Entries re-encrypted per slice; between slices the page gets the main thread back. */
const SLICE = 100;
/** Guards against a server that keeps asking for another pass. */
const MAX_PASSES = 8;
/** Tries per entry when others keep writing it at the old key version (they cannot: the rules refuse them). */
const MAX_ENTRY_TRIES = 5;

const yieldToPage = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

/**
 * Entries the re-encryption could not do (one that no longer opens with the previous key, or a
 * write that failed). Every other entry was re-encrypted; the old key stays sealed in the team,
 * so nothing becomes unreadable, and the next run tries these again (SPEC.md §8 message).
 */
export class ReencryptionError extends Error {
  override readonly name = 'ReencryptionError';
  readonly entryIds: readonly string[];
  /** Titles of the entries that do not open with the previous key: only replacing or deleting them helps. */
  readonly unreadableTitles: readonly string[];
  /** Titles (or ids) of the documents of the wrong shape still at an old key version: only deleting them helps. */
  readonly damagedTitles: readonly string[];

  constructor(failures: readonly ReencryptionFailure[], options?: ErrorOptions) {
    const first = `Failed to re-encrypt password: ${failures[0]?.id ?? 'unknown'}`;
    super(failures.length > 1 ? `${first} (and ${failures.length - 1} more)` : first, options);
    this.entryIds = failures.map((failure) => failure.id);
    this.unreadableTitles = failures.filter((failure) => isUnreadable(failure.error)).map((failure) => failure.title);
    this.damagedTitles = failures.filter((failure) => failure.error instanceof MalformedRecordError).map((failure) => failure.title);
  }
}

/** The stored ciphertext does not open with the previous key (altered, or not a ciphertext at all). */
function isUnreadable(error: unknown): boolean {
  return error instanceof DecryptionError || error instanceof InvalidCiphertextError;
}

export interface ReencryptionFailure {
  readonly id: string;
  readonly title: string;
  readonly error: unknown;
}

/** True when the team has a rotation for an owner or admin to run or finish. */
export function rotationPending(team: StoredTeam): boolean {
  return team.rotationNeeded || team.previousKey !== null;
}

/** 'awaiting-owner': an admin's new key waits for the owner's browser to check and commit it. */
export type RotationOutcome = 'done' | 'awaiting-owner';

export async function rotateIfNeeded(
  deps: RotationDeps,
  teamId: string,
  onProgress?: (progress: RotationProgress) => void,
): Promise<RotationOutcome> {
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const team = await deps.teams.get(teamId);
    if (team === null || team.deleting) return 'done';
    const pending = team.pendingRotation ?? null;
    if (team.previousKey !== null) {
      await carryRecords(deps, teamId, team);
      await reencrypt(deps, teamId, team, onProgress);
    } else if (pending !== null) {
      if (team.members[deps.userId]?.role !== 'owner') {
        onProgress?.({ phase: 'awaiting-owner', done: 0, total: 0 });
        return 'awaiting-owner';
      }
      onProgress?.({ phase: 'rotating', done: 0, total: 0 });
      await answerProposal(deps, teamId, team, pending);
    } else if (team.rotationNeeded) {
      onProgress?.({ phase: 'rotating', done: 0, total: 0 });
      await rotate(deps, teamId, team);
    } else {
      onProgress?.({ phase: 'done', done: 0, total: 0 });
      return 'done';
    }
  }
  throw new TeamKeyError('The team key rotation did not settle; try again.');
}

/**
 * The owner's answer to an admin's proposed key: commit it if the owner's own wrap in it opens the
 * key its check names; otherwise (junk, another key, or it no longer covers every holder) rotate
 * afresh, which replaces the proposal.
 */
async function answerProposal(deps: RotationDeps, teamId: string, team: StoredTeam, pending: NonNullable<StoredTeam['pendingRotation']>): Promise<void> {
  const keys = requireKeys(deps);
  const wrap = Object.hasOwn(pending.wraps, deps.userId) ? pending.wraps[deps.userId] : undefined;
  if (wrap !== undefined && coversHolders(team, pending.wraps)) {
    try {
      await openCheckedTeamKey(wrap, keys.privateKey, { teamId, keyVersion: pending.keyVersion }, pending.keyCheck);
      await deps.functions.confirmTeamKeyRotation({ teamId, keyVersion: pending.keyVersion });
      return;
    } catch (error) {
      if (!(error instanceof TeamKeyMismatchError)) throw error;
      console.warn(`The key proposed for team ${teamId} does not open for its owner; rotating afresh`);
    }
  }
  await rotate(deps, teamId, team);
}

/** Whether a proposal's wraps are for exactly the members holding the key now (the server's condition to commit). */
function coversHolders(team: StoredTeam, wraps: Readonly<Record<string, string>>): boolean {
  const holders = Object.entries(team.members)
    .filter(([, member]) => !member.needsTeamKey)
    .map(([uid]) => uid)
    .sort();
  const wrapped = Object.keys(wraps).sort();
  return holders.length === wrapped.length && holders.every((uid, index) => uid === wrapped[index]);
}

/**
 * A new key wrapped for every key holder. Each teammate's key is checked first against this user's
 * memory and the team's member-key records (so an owner or admin who never shared with someone
 * still refuses a key the server swapped), and remembered before it is wrapped for. Once the
 * rotation is committed, the team's records are vouched for again under the new key.
 */
async function rotate(deps: RotationDeps, teamId: string, team: StoredTeam): Promise<void> {
  const keys = requireKeys(deps);
  const current = await openTeamKey(team, teamId, deps.userId, keys);
  const next = await generateTeamKey();
  const nextVersion = team.keyVersion + 1;
  const [memory, records] = await Promise.all([
    loadRemembered(deps.knownKeys, deps.userId, keys.vaultKey, deps.now()),
    deps.teams.listMemberKeys(teamId),
  ]);
  const confirmed = new Map<string, string>();
  const wraps: Record<string, string> = {};
  for (const [uid, member] of Object.entries(team.members)) {
    if (member.needsTeamKey) continue;
    const publicKey = await deps.publicKeys.get(uid);
    if (publicKey === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.userNoPublicKey);
    if (uid !== deps.userId) {
      // A teammate whose key differs from the one anyone confirmed gets nothing (PublicKeyChangedError).
      const who = member.email ?? 'a member';
      const fingerprint = (await fingerprintOf(publicKey)).full;
      const vouched = await vouchedFingerprint(records.get(uid), teamId, uid, (version) => (version === team.keyVersion ? current : null));
      const standing = judgeKey(fingerprint, rememberedOf(memory, uid), vouched, who);
      if (standing === 'damaged') throw new KnownKeyDamagedError(who, uid);
      if (standing !== 'same') await remember(deps.knownKeys, deps.userId, keys.vaultKey, uid, fingerprint, deps.now());
      confirmed.set(uid, fingerprint);
    }
    wraps[uid] = await wrapFor(next, publicKey, teamId, nextVersion);
  }
  const sealedPreviousKey = await sealPreviousTeamKey(current, next, { teamId, keyVersion: team.keyVersion });
  const keyCheck = await teamKeyCheck(next, { teamId, keyVersion: nextVersion });
  const { committed } = await deps.functions.rotateTeamKey({ teamId, fromVersion: team.keyVersion, wraps, sealedPreviousKey, keyCheck });
  if (committed) await vouchAfterRotation(deps, teamId, next, nextVersion, confirmed);
}

/**
 * The team's member-key records under the new key. Best effort: the key is already rotated, and the
 * re-encryption step carries over (carryMemberKeys) whatever verified under the old key.
 */
async function vouchAfterRotation(deps: RotationDeps, teamId: string, key: TeamKey, keyVersion: number, confirmed: ReadonlyMap<string, string>): Promise<void> {
  try {
    for (const [uid, fingerprint] of confirmed) {
      await deps.teams.putMemberKey(teamId, uid, await memberKeyRecord(key, teamId, keyVersion, uid, fingerprint, deps.userId, deps.now()));
    }
  } catch (error) {
    console.warn(`The member-key records of team ${teamId} were not all written under key ${keyVersion}; the re-encryption carries them over`, error);
  }
}

/** Before re-encryption: the member-key records of the previous version, vouched for under the current key (best effort). */
async function carryRecords(deps: RotationDeps, teamId: string, team: StoredTeam): Promise<void> {
  const previousKey = team.previousKey;
  if (previousKey === null) return;
  try {
    const current = await openTeamKey(team, teamId, deps.userId, requireKeys(deps));
    const previous = await openPreviousTeamKey(previousKey.sealed, current, { teamId, keyVersion: previousKey.version });
    await carryMemberKeys(
      deps.teams,
      teamId,
      { key: previous, version: previousKey.version },
      { key: current, version: team.keyVersion },
      team.memberIds,
      deps.userId,
      deps.now(),
    );
  } catch (error) {
    console.warn(`The member-key records of team ${teamId} were not carried over to key ${team.keyVersion}`, error);
  }
}

async function reencrypt(
  deps: RotationDeps,
  teamId: string,
  team: StoredTeam,
  onProgress?: (progress: RotationProgress) => void,
): Promise<void> {
  const previousKey = team.previousKey;
  if (previousKey === null) return;
  const current = await openTeamKey(team, teamId, deps.userId, requireKeys(deps));
  const previous = await openPreviousTeamKey(previousKey.sealed, current, { teamId, keyVersion: previousKey.version });
  const listing = await deps.passwords.scanTeam(teamId);
  const stale = listing.items.filter((entry) => (entry.data.keyVersion ?? 0) < team.keyVersion);
  onProgress?.({ phase: 're-encrypting', done: 0, total: stale.length });
  // One entry that fails does not stop the others: they are all done, then the failures reported.
  // A document of the wrong shape cannot be re-encrypted; one still at an old version (as the
  // server counts it) holds the rotation up, so it is reported by name for someone to delete.
  const failures: ReencryptionFailure[] = listing.malformed
    .filter((document) => document.keyVersion === null || document.keyVersion < team.keyVersion)
    .map((document) => ({
      id: document.id,
      title: document.label ?? document.id,
      error: new MalformedRecordError(`passwords/${document.id}`, document.problem, true),
    }));
  for (let start = 0; start < stale.length; start += SLICE) {
    const slice = stale.slice(start, start + SLICE);
    await Promise.all(
      slice.map((entry) =>
        reencryptEntry(deps, entry.id, entry.data, previous, current, team.keyVersion).catch((error: unknown) => {
          // A sealed entry's title is not in clear: it is reported by id.
          failures.push({ id: entry.id, title: entry.data.title ?? entry.id, error });
        }),
      ),
    );
    onProgress?.({ phase: 're-encrypting', done: Math.min(start + SLICE, stale.length), total: stale.length });
    await yieldToPage();
  }
  failures.push(...(await resealGroups(deps, teamId, previous, current, team.keyVersion)));
  // The server would refuse to finish with entries still at the old version anyway.
  if (failures.length > 0) throw new ReencryptionError(failures, { cause: failures[0]?.error });
  await deps.functions.finishKeyRotation({ teamId, keyVersion: team.keyVersion });
}

/**
 * Re-encrypts one entry with a write conditional on the revision it read, so an edit made meanwhile
 * is never overwritten: one at the new key version is left as it is (already re-encrypted), one
 * still at the old version is read again and re-encrypted, a deleted one is skipped.
 */
async function reencryptEntry(
  deps: RotationDeps,
  id: string,
  listed: StoredPasswordEntry,
  previous: TeamKey,
  current: TeamKey,
  keyVersion: number,
): Promise<void> {
  let entry = listed;
  for (let attempt = 0; attempt < MAX_ENTRY_TRIES; attempt += 1) {
    const stored = await writeReencrypted(deps, id, entry, previous, current, keyVersion);
    if (stored === 'written') return;
    const decision = decideReencryption(entry, stored, keyVersion);
    if (decision.kind === 'deleted' || decision.kind === 'edited-at-new-version') return;
    if (decision.kind === 'edited-at-old-version') entry = decision.entry;
  }
  throw new Error(`Entry ${id} kept changing during its re-encryption`);
}

/** 'written', or the entry as stored now (null: deleted) when the conditional write found it changed. */
async function writeReencrypted(
  deps: RotationDeps,
  id: string,
  entry: StoredPasswordEntry,
  previous: TeamKey,
  current: TeamKey,
  keyVersion: number,
): Promise<'written' | StoredPasswordEntry | null> {
  const changes = isSealedEntry(entry) ? await resealed(id, entry, previous, current, keyVersion) : await reencryptedFields(id, entry, previous, current, keyVersion);
  try {
    await deps.passwords.update(id, changes, deps.now(), entry.revision);
    return 'written';
  } catch (error) {
    if (error instanceof GoneError) return null;
    if (error instanceof RevisionConflictError) return (error as RevisionConflictError<StoredPasswordEntry>).current.data;
    throw error;
  }
}

/** A format-1 entry's username and password, opened with the previous key and sealed again under the current one. */
async function reencryptedFields(id: string, entry: StoredPlainEntry, previous: TeamKey, current: TeamKey, keyVersion: number): Promise<PasswordEntryChanges> {
  const usernameContext = entryFieldContext(id, 'username');
  const passwordContext = entryFieldContext(id, 'password');
  const [username, password] = await Promise.all([
    decryptText(previous, entry.username, usernameContext),
    decryptText(previous, entry.password, passwordContext),
  ]);
  const [newUsername, newPassword] = await Promise.all([
    encryptText(current, username, usernameContext),
    encryptText(current, password, passwordContext),
  ]);
  return { username: newUsername, password: newPassword, keyVersion };
}

/**
 * A format-2 entry's two parts, opened under the key version they are bound to and sealed again
 * bound to the new one (the key version is in each part's additional data, docs/crypto.md).
 */
async function resealed(id: string, entry: StoredSealedEntry, previous: TeamKey, current: TeamKey, keyVersion: number): Promise<PasswordEntryChanges> {
  const from = { entryId: id, keyVersion: entry.keyVersion ?? null, format: SEALED_ENTRY_FORMAT };
  const to = { entryId: id, keyVersion, format: SEALED_ENTRY_FORMAT };
  const [overview, details] = await Promise.all([openEntryOverview(previous, from, entry.overview), openEntryDetails(previous, from, entry.details)]);
  const [sealedOverview, sealedDetails] = await Promise.all([sealEntryOverview(current, to, overview), sealEntryDetails(current, to, details)]);
  return { format: SEALED_ENTRY_FORMAT, overview: sealedOverview, details: sealedDetails, keyVersion };
}

/**
 * The team's sealed groups still bound to an older key version, opened with the previous key and
 * sealed again for the current one, each on the revision read (as entries). Returns the failures;
 * a format-1 group holds no key version and is left as it is.
 */
async function resealGroups(deps: RotationDeps, teamId: string, previous: TeamKey, current: TeamKey, keyVersion: number): Promise<ReencryptionFailure[]> {
  if (deps.groups === undefined) return [];
  const groups = deps.groups;
  const listing = await groups.scanTeam(teamId);
  // A group document of the wrong shape still naming an old key version cannot be re-sealed and
  // holds the rotation up (the server counts it if it says format 2): reported for someone to delete.
  const failures: ReencryptionFailure[] = listing.malformed
    .filter((document) => document.keyVersion !== null && document.keyVersion < keyVersion)
    .map((document) => ({ id: document.id, title: document.label ?? document.id, error: new MalformedRecordError(`groups/${document.id}`, document.problem, true) }));
  const stale = listing.items.filter((group): group is { id: string; data: StoredSealedGroup } => isSealedGroup(group.data) && (group.data.keyVersion ?? 0) < keyVersion);
  await Promise.all(
    stale.map((group) =>
      resealGroup(groups, group.id, group.data, previous, current, keyVersion, deps.now()).catch((error: unknown) => {
        failures.push({ id: group.id, title: group.id, error });
      }),
    ),
  );
  return failures;
}

async function resealGroup(
  groups: GroupRepository,
  id: string,
  listed: StoredSealedGroup,
  previous: TeamKey,
  current: TeamKey,
  keyVersion: number,
  now: number,
): Promise<void> {
  let group = listed;
  for (let attempt = 0; attempt < MAX_ENTRY_TRIES; attempt += 1) {
    // Sealed at the previous version as listed: opened with the previous key, bound to the version it names.
    const from = { groupId: id, keyVersion: group.keyVersion ?? null, format: SEALED_GROUP_FORMAT };
    const overview = await openGroupOverview(previous, from, group.sealed);
    const sealed = await sealGroupOverview(current, { groupId: id, keyVersion, format: SEALED_GROUP_FORMAT }, overview);
    try {
      await groups.update(id, { format: SEALED_GROUP_FORMAT, sealed, keyVersion }, now, group.revision);
      return;
    } catch (error) {
      if (error instanceof GoneError) return;
      if (!(error instanceof RevisionConflictError)) throw error;
      const stored = (error as RevisionConflictError<StoredGroup>).current.data;
      // Renamed meanwhile: at the new version it is done; still at an old one, it is sealed again.
      if (!isSealedGroup(stored) || (stored.keyVersion ?? 0) >= keyVersion) return;
      group = stored;
    }
  }
  throw new Error(`Group ${id} kept changing during its re-encryption`);
}

function requireKeys(deps: RotationDeps): UserKeys {
  if (deps.keys === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.noPrivateKey);
  return deps.keys;
}

