import {
  DecryptionError,
  InvalidCiphertextError,
  SEALED_GROUP_FORMAT,
  openEntryFields,
  openGroupOverview,
  openPreviousTeamKey,
  resealEntryParts,
  resealItemParts,
  ITEM_ENTRY_FORMAT,
  sealEntryFields,
  sealGroupOverview,
  type TeamKey,
} from '../../crypto';
import { MalformedRecordError } from '../../data/malformedRecord';
import { nextTask } from '../../ui/nextTask';
import type { StoredTeam } from '../../data/teams/storedTeams';
import {
  GoneError,
  RevisionConflictError,
  isSealedEntry,
  isSealedGroup,
  type GroupRepository,
  type PasswordEntryChanges,
  type StoredGroup,
  type StoredPasswordEntry,
  type StoredPlainEntry,
  type StoredSealedEntry,
  type StoredSealedGroup,
} from '../../data/vault/storedEntries';
import { decideReencryption } from './reencryptionDecision';
import { requireKeys, type RotationDeps, type RotationProgress } from './rotationDeps';
import { openTeamKey } from './teamKeys';

// The second half of a rotation (docs/teams.md, "Rotation on removal"): while the team keeps the
// previous key sealed under the current one, every entry and sealed group still at the previous
// version is opened with it and sealed again under the current key, each write conditional on the
// revision read, then the server is asked to finish (and forget the previous key).

/** Entries re-encrypted per slice; between slices the page gets the main thread back. */
const SLICE = 100;
/** Tries per entry when others keep writing it at the old key version (they cannot: the rules refuse them). */
const MAX_ENTRY_TRIES = 5;

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

/** Re-encrypts whatever the team still holds at the previous key version, then finishes the rotation. */
export async function reencrypt(
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
    await nextTask();
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
  const { username, password } = await sealEntryFields(current, id, await openEntryFields(previous, id, entry));
  return { username, password, keyVersion };
}

/**
 * A sealed entry's two parts, opened under the key version they are bound to and sealed again
 * bound to the new one (the key version is in each part's additional data, docs/crypto.md), in
 * the format they were in (2, or 3 for an item of any kind); a login's health record is kept, the
 * fingerprint taken under the new key.
 */
async function resealed(id: string, entry: StoredSealedEntry, previous: TeamKey, current: TeamKey, keyVersion: number): Promise<PasswordEntryChanges> {
  const format = entry.format;
  const from = { key: previous, binding: { entryId: id, keyVersion: entry.keyVersion ?? null, format } };
  const to = { key: current, binding: { entryId: id, keyVersion, format } };
  const { overview, details } = format === ITEM_ENTRY_FORMAT ? await resealItemParts(from, to, entry) : await resealEntryParts(from, to, entry);
  return { format, overview, details, keyVersion };
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
