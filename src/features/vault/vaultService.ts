import { decryptText, encryptText, entryFieldContext, type TeamKey, type VaultKey } from '../../crypto';
import {
  FIRST_REVISION,
  GoneError,
  RevisionConflictError,
  WriteRefusedError,
  type GroupRepository,
  type MalformedDocument,
  type PasswordRepository,
  type StoredGroup,
  type StoredPasswordEntry,
  type WithId,
} from '../../data/vault/storedEntries';
import { decidePasswordWrite, PERMISSION_MESSAGES, type PasswordAction, type TeamRole } from '../../domain/teamPermissions';
import type { ValidPasswordDraft } from './form/validatePasswordDraft';
import type { Group, GroupDraft, PasswordEntry } from './model';
import {
  CONFLICT_MESSAGES,
  GroupConflictError,
  PasswordConflictError,
  TeamKeyChangedError,
  VaultGoneError,
  VaultPermissionError,
} from './vaultErrors';

// The vault between the screens and the repositories, for one scope: the user's personal vault
// (vault key) or one team (team key). It turns stored ciphertext into the entries the screens show
// and back, each field bound to its entry (ENGINEERING.md §2); team entries carry the key version
// that encrypted them (docs/teams.md).

export interface PersonalVaultDeps {
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
  readonly vaultKey: VaultKey;
  readonly userId: string;
  now(): number;
}

/** One team as the vault sees it: handed in by the app, which opened the key (features/teams). */
export interface TeamScope {
  readonly teamId: string;
  /** The team key of `keyVersion`, the team's current version. */
  readonly key: TeamKey;
  readonly keyVersion: number;
  /** The user's role: what they may write (SPEC.md §6). */
  readonly role: TeamRole;
  /** During a rotation: the key of keyVersion − 1, which still opens entries not yet re-encrypted. */
  readonly previousKey?: TeamKey | null;
  /**
   * The team's key version as stored now (null: no team), read when the rules refuse a write: a
   * version past `keyVersion` means the key changed (a rotation), not that the role did.
   */
  readonly storedKeyVersion?: () => Promise<number | null>;
  /** Called when a refused write turned out to be a changed key: the app opens the team again. */
  readonly onKeyChanged?: () => void;
}

export interface TeamVaultDeps {
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
  /** The signed-in user: the creator written on new team entries. */
  readonly userId: string;
  readonly team: TeamScope;
  now(): number;
}

export type VaultDeps = PersonalVaultDeps | TeamVaultDeps;

export function isTeamVault(deps: VaultDeps): deps is TeamVaultDeps {
  return 'team' in deps;
}

export const DECRYPT_FAILED_MESSAGE = 'Failed to decrypt data. The encryption key may be invalid.';

export {
  CONFLICT_MESSAGES,
  GroupConflictError,
  PasswordConflictError,
  TeamKeyChangedError,
  VaultGoneError,
  VaultPermissionError,
} from './vaultErrors';

/** Entries decrypted per slice; between slices the page gets the main thread back. */
const DECRYPT_SLICE = 250;

const yieldToPage = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

type WriteAction = Exclude<PasswordAction, 'view'>;

const REFUSED: Readonly<Record<WriteAction, string>> = {
  create: PERMISSION_MESSAGES.cannotAddPasswords,
  edit: PERMISSION_MESSAGES.cannotUpdatePasswords,
  delete: PERMISSION_MESSAGES.cannotDeletePasswords,
};

/**
 * Runs a write of a team vault only if the role allows it, and reports a refusal truthfully: a key
 * version that moved on as a changed key (and the app reloads the team), else in §6 words.
 */
async function guarded<T>(deps: VaultDeps, action: WriteAction, write: () => Promise<T>): Promise<T> {
  if (!isTeamVault(deps)) return write();
  const decision = decidePasswordWrite(deps.team.role, action);
  if (!decision.ok) throw new VaultPermissionError(decision.message);
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof WriteRefusedError)) throw error;
    if (await keyChanged(deps)) {
      deps.team.onKeyChanged?.();
      throw new TeamKeyChangedError({ cause: error });
    }
    throw new VaultPermissionError(REFUSED[action], { cause: error });
  }
}

async function keyChanged(deps: TeamVaultDeps): Promise<boolean> {
  const stored = await deps.team.storedKeyVersion?.().catch((error: unknown) => {
    console.error('Could not read the team key version', error);
    return null;
  });
  return typeof stored === 'number' && stored !== deps.team.keyVersion;
}

/** The key that opens an entry, or why none of the keys held does. */
function keyFor(deps: VaultDeps, data: StoredPasswordEntry): VaultKey | TeamKey | string {
  if (!isTeamVault(deps)) return deps.vaultKey;
  const { key, keyVersion, previousKey } = deps.team;
  if (data.keyVersion === keyVersion) return key;
  if (data.keyVersion === keyVersion - 1 && previousKey) return previousKey;
  return `entry at team key version ${String(data.keyVersion)}; this session holds version ${keyVersion}${previousKey ? ` and ${keyVersion - 1}` : ''}`;
}

async function decryptEntry(deps: VaultDeps, { id, data }: WithId<StoredPasswordEntry>): Promise<PasswordEntry> {
  const base = {
    id,
    title: data.title,
    url: data.url ?? null,
    notes: data.notes ?? null,
    groupId: data.groupId,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    revision: data.revision,
  };
  const undecryptable = (error: unknown) => {
    // SPEC.md §8: shown with its stored values, and logged. The crypto layer threw (or no key held
    // fits); nothing here pretends the ciphertext is the secret.
    console.error(`${DECRYPT_FAILED_MESSAGE} (entry ${id})`, error);
    return { ...base, username: data.username, password: data.password, undecryptable: true };
  };
  const key = keyFor(deps, data);
  if (typeof key === 'string') return undecryptable(key);
  try {
    const [username, password] = await Promise.all([
      decryptText(key, data.username, entryFieldContext(id, 'username')),
      decryptText(key, data.password, entryFieldContext(id, 'password')),
    ]);
    return { ...base, username, password, undecryptable: false };
  } catch (error) {
    return undecryptable(error);
  }
}

function groupOf({ id, data }: WithId<StoredGroup>): Group {
  return {
    id,
    name: data.name,
    description: data.description ?? null,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    revision: data.revision,
  };
}

/**
 * A conditional write's failure in the vault's terms: a conflict carries the newer entry
 * (decrypted) for the form to show beside the user's; a deletion says so.
 */
async function passwordWriteFailure(deps: VaultDeps, error: unknown): Promise<unknown> {
  if (error instanceof GoneError) return new VaultGoneError(CONFLICT_MESSAGES.passwordGone, { cause: error });
  if (error instanceof RevisionConflictError) {
    const current = error.current as WithId<StoredPasswordEntry>;
    return new PasswordConflictError(await decryptEntry(deps, current), { cause: error });
  }
  return error;
}

function groupWriteFailure(error: unknown): unknown {
  if (error instanceof GoneError) return new VaultGoneError(CONFLICT_MESSAGES.groupGone, { cause: error });
  if (error instanceof RevisionConflictError) {
    return new GroupConflictError(groupOf(error.current as WithId<StoredGroup>), { cause: error });
  }
  return error;
}

/** Runs `write`, rethrowing a conflict or deletion as the vault error `failure` makes of it. */
async function translated<T>(write: () => Promise<T>, failure: (error: unknown) => unknown): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw await failure(error);
  }
}

/** A group document of the wrong shape: listed under what name it has, so its entries still filter. */
function damagedGroup({ id, problem, label }: MalformedDocument): Group {
  // revision 0: a damaged document has none to trust, and is deleted as it is (firestoreVaultRepositories.ts).
  return { id, name: label ?? `Damaged group ${id}`, description: null, createdAt: Number.NaN, updatedAt: Number.NaN, revision: 0, damaged: problem };
}

/**
 * An entry document of the wrong shape, listed like an undecryptable entry (SPEC.md §8): by its
 * stored title if it has one, else its id; nothing decrypted, nothing else from it trusted.
 */
function damagedEntry({ id, problem, label, groupId }: MalformedDocument): PasswordEntry {
  return {
    id,
    title: label ?? `Damaged entry ${id}`,
    url: null,
    notes: null,
    username: '',
    password: '',
    groupId,
    createdAt: Number.NaN,
    updatedAt: Number.NaN,
    revision: 0,
    undecryptable: true,
    damaged: problem,
  };
}

const byLabel = <T>(label: (item: T) => string) => (a: T, b: T) => (label(a) < label(b) ? -1 : label(a) > label(b) ? 1 : 0);

export async function loadGroups(deps: VaultDeps): Promise<Group[]> {
  const stored = isTeamVault(deps) ? await deps.groups.scanTeam(deps.team.teamId) : await deps.groups.scanPersonal(deps.userId);
  return [...stored.items.map(groupOf), ...stored.malformed.map(damagedGroup)].sort(byLabel((group) => group.name));
}

/**
 * The scope's entries, decrypted a slice at a time so a large vault never blocks the page;
 * `onProgress(done, total)` reports after each slice.
 */
export async function loadEntries(deps: VaultDeps, onProgress?: (done: number, total: number) => void): Promise<PasswordEntry[]> {
  // A document of the wrong shape is one damaged entry; the rest of the vault still loads (issue #17).
  const listing = isTeamVault(deps) ? await deps.passwords.scanTeam(deps.team.teamId) : await deps.passwords.scanPersonal(deps.userId);
  const stored = listing.items;
  const entries: PasswordEntry[] = listing.malformed.map(damagedEntry);
  for (let start = 0; start < stored.length; start += DECRYPT_SLICE) {
    const slice = stored.slice(start, start + DECRYPT_SLICE);
    entries.push(...(await Promise.all(slice.map((entry) => decryptEntry(deps, entry)))));
    onProgress?.(entries.length, stored.length + listing.malformed.length);
    if (start + DECRYPT_SLICE < stored.length) await yieldToPage();
  }
  return listing.malformed.length === 0 ? entries : entries.sort(byLabel((entry) => entry.title));
}

/**
 * Creates (no `existing`) or updates an entry; returns it as the list shows it. An update is
 * conditional on `existing.revision`: if someone saved the entry since, nothing is written and
 * PasswordConflictError carries theirs (saving again with it as `existing` keeps the user's
 * values on top); if someone deleted it, VaultGoneError.
 */
export async function savePassword(deps: VaultDeps, draft: ValidPasswordDraft, existing?: PasswordEntry): Promise<PasswordEntry> {
  return guarded(deps, existing === undefined ? 'create' : 'edit', async () => {
    const id = existing?.id ?? deps.passwords.newId();
    const now = deps.now();
    const key = isTeamVault(deps) ? deps.team.key : deps.vaultKey;
    const [username, password] = await Promise.all([
      encryptText(key, draft.username, entryFieldContext(id, 'username')),
      encryptText(key, draft.password, entryFieldContext(id, 'password')),
    ]);
    const plain = {
      title: draft.title,
      ...(draft.url === null ? {} : { url: draft.url }),
      ...(draft.notes === null ? {} : { notes: draft.notes }),
    };
    // A team entry is always written at the team's current key version (the rules insist).
    const version = isTeamVault(deps) ? { keyVersion: deps.team.keyVersion } : {};
    if (existing === undefined) {
      await deps.passwords.create(id, {
        ...plain,
        username,
        password,
        teamId: isTeamVault(deps) ? deps.team.teamId : null,
        userId: deps.userId,
        groupId: draft.groupId,
        encrypted: true,
        ...version,
        revision: FIRST_REVISION,
        createdAt: now,
        updatedAt: now,
      });
    } else {
      const remove = [...(draft.url === null ? (['url'] as const) : []), ...(draft.notes === null ? (['notes'] as const) : [])];
      await translated(
        () => deps.passwords.update(id, { ...plain, username, password, groupId: draft.groupId, ...version, remove }, now, existing.revision),
        (error) => passwordWriteFailure(deps, error),
      );
    }
    return {
      id,
      title: draft.title,
      url: draft.url,
      notes: draft.notes,
      username: draft.username,
      password: draft.password,
      groupId: draft.groupId,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      revision: existing === undefined ? FIRST_REVISION : existing.revision + 1,
      undecryptable: false,
    };
  });
}

/**
 * Deletes the entry as the user saw it: if someone saved it since, nothing is deleted and
 * PasswordConflictError carries the newer one (the user is asked again); if it is already gone,
 * VaultGoneError.
 */
export async function deletePassword(deps: VaultDeps, entry: Pick<PasswordEntry, 'id' | 'revision'>): Promise<void> {
  await guarded(deps, 'delete', () =>
    translated(
      () => deps.passwords.delete(entry.id, entry.revision),
      (error) => passwordWriteFailure(deps, error),
    ),
  );
}

function groupFields(draft: GroupDraft): { name: string; description?: string } {
  const description = draft.description.trim();
  return { name: draft.name.trim(), ...(description === '' ? {} : { description }) };
}

// Team groups follow the password permissions: whoever may create, edit or delete passwords may do
// the same to groups (the rules agree), and a refusal uses the same §6 words.

export async function createGroup(deps: VaultDeps, draft: GroupDraft): Promise<Group> {
  return guarded(deps, 'create', async () => {
    const id = deps.groups.newId();
    const now = deps.now();
    const fields = groupFields(draft);
    const owner = isTeamVault(deps) ? { userId: null, teamId: deps.team.teamId } : { userId: deps.userId, teamId: null };
    await deps.groups.create(id, { ...fields, ...owner, revision: FIRST_REVISION, createdAt: now, updatedAt: now });
    return { id, name: fields.name, description: fields.description ?? null, createdAt: now, updatedAt: now, revision: FIRST_REVISION };
  });
}

/** Renames on `group.revision`: a rename made meanwhile is GroupConflictError (with it), never overwritten. */
export async function updateGroup(deps: VaultDeps, group: Group, draft: GroupDraft): Promise<Group> {
  return guarded(deps, 'edit', async () => {
    const now = deps.now();
    const fields = groupFields(draft);
    await translated(() => deps.groups.update(group.id, fields, now, group.revision), groupWriteFailure);
    return { ...group, name: fields.name, description: fields.description ?? null, updatedAt: now, revision: group.revision + 1 };
  });
}

/**
 * Deletes a group after moving its passwords to 'No Group' (SPEC.md §2). The move comes first:
 * if it stops halfway the group is still there, no password is lost, and deleting again finishes.
 */
export async function deleteGroup(deps: VaultDeps, group: Pick<Group, 'id' | 'revision'>): Promise<void> {
  const groupId = group.id;
  await guarded(deps, 'delete', async () => {
    if (isTeamVault(deps)) {
      // The role was checked above: a refused move is most likely an entry still at the previous
      // key version during a rotation (the rules take team writes only at the current one), not a
      // permission, so it fails as a plain 'Failed to delete group' and a later retry finishes.
      const { teamId } = deps.team;
      await deps.passwords.ungroupTeam(teamId, groupId, deps.now()).catch((error: unknown) => {
        throw error instanceof WriteRefusedError ? new Error(`Could not move the passwords of group ${groupId} out of it`, { cause: error }) : error;
      });
    } else {
      await deps.passwords.ungroupPersonal(deps.userId, groupId, deps.now());
    }
    try {
      await deps.groups.delete(groupId, group.revision);
    } catch (error) {
      // Gone is done: a retry of a delete that had in fact completed (its reply lost) must not
      // report 'Failed to delete group' (issue #17). A rename meanwhile still asks again.
      if (error instanceof GoneError) return;
      throw groupWriteFailure(error);
    }
  });
}
