import {
  SEALED_ENTRY_FORMAT,
  SEALED_GROUP_FORMAT,
  decryptText,
  encryptText,
  entryFieldContext,
  openEntryDetails,
  openEntryOverview,
  openEntryOverviews,
  openGroupOverview,
  sealEntryDetails,
  sealEntryOverview,
  sealGroupOverview,
  warmUpDecryptPool,
  type EntryOverview,
  type EntryPartBinding,
  type GroupPartBinding,
  type SealedOverview,
  type TeamKey,
  type VaultKey,
} from '../../crypto';
import {
  FIRST_REVISION,
  PLAIN_ENTRY_FIELDS,
  PLAIN_GROUP_FIELDS,
  isSealedEntry,
  isSealedGroup,
  GoneError,
  RevisionConflictError,
  WriteRefusedError,
  type GroupChanges,
  type GroupRepository,
  type Listing,
  type MalformedDocument,
  type PasswordRepository,
  type StoredGroup,
  type StoredPasswordEntry,
  type StoredPlainEntry,
  type StoredSealedEntry,
  type WithId,
} from '../../data/vault/storedEntries';
import { nextTask } from '../../ui/nextTask';
import { createDetailsCache, detailsKey, type DetailsCache } from './detailsCache';
import { compareEntries, mergeInOrder } from './entryOrder';
import { decidePasswordWrite, PERMISSION_MESSAGES, type PasswordAction, type TeamRole } from '@keyloft/contract/teamPermissions';
import type { ValidPasswordDraft } from './form/validatePasswordDraft';
import type { Group, GroupDraft, PasswordEntry } from './model';
import {
  CONFLICT_MESSAGES,
  DECRYPT_FAILED_MESSAGE,
  GroupConflictError,
  LoadStoppedError,
  PasswordConflictError,
  TeamKeyChangedError,
  VaultGoneError,
  VaultPermissionError,
} from './vaultErrors';

// The vault between the screens and the repositories, for one scope: the user's personal vault
// (vault key) or one team (team key). It turns stored ciphertext into the entries the screens show
// and back, each field bound to its entry (ENGINEERING.md §2); team entries carry the key version
// that encrypted them (docs/teams.md). Entries are read in both stored formats (docs/vault.md,
// "Reading entries"): format 1 with username and password opened for the list, format 2 (sealed)
// with only the overview opened for the list and the details opened when the user asks.

/** What both scopes may say about the sealed format (issue #18). */
export interface SealedFormatOptions {
  /**
   * false writes new and edited format-1 entries in format 1 (title, url and notes in clear): only
   * for tests and benches that build a vault from before issue #18; the rules refuse it once the
   * vault or team is marked sealed (docs/rules.md). Otherwise, and always for an entry already
   * sealed, entries are written in format 2 (sealed overview and details).
   */
  readonly sealedFormat?: boolean;
  /**
   * Where opened details are kept while the vault is open; the app clears it when the session
   * forgets the keys. Without one, each deps object gets its own (gone with the deps).
   */
  readonly details?: DetailsCache;
}

export interface PersonalVaultDeps extends SealedFormatOptions {
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

export interface TeamVaultDeps extends SealedFormatOptions {
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

export { DECRYPT_FAILED_MESSAGE };

export {
  CONFLICT_MESSAGES,
  GroupConflictError,
  LoadStoppedError,
  PasswordConflictError,
  TeamKeyChangedError,
  VaultGoneError,
  VaultPermissionError,
} from './vaultErrors';

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

/** The key that opens an entry sealed at `keyVersion` (team entries), or why none of the keys held does. */
function keyFor(deps: VaultDeps, keyVersion: number | undefined | null): VaultKey | TeamKey | string {
  if (!isTeamVault(deps)) return deps.vaultKey;
  const { key, keyVersion: current, previousKey } = deps.team;
  if (keyVersion === current) return key;
  if (keyVersion === current - 1 && previousKey) return previousKey;
  return `entry at team key version ${String(keyVersion)}; this session holds version ${current}${previousKey ? ` and ${current - 1}` : ''}`;
}

/** The binding of a sealed entry's parts: personal entries name no key version, team entries the stored one. */
function bindingOf(deps: VaultDeps, entryId: string, keyVersion: number | null): EntryPartBinding {
  return { entryId, keyVersion: isTeamVault(deps) ? keyVersion : null, format: SEALED_ENTRY_FORMAT };
}

const undecryptableLogged = (id: string, error: unknown) => {
  // SPEC.md §8: shown with its stored values, and logged. The crypto layer threw (or no key held
  // fits); nothing here pretends the ciphertext is the secret.
  console.error(`${DECRYPT_FAILED_MESSAGE} (entry ${id})`, error);
};

function decryptEntry(deps: VaultDeps, { id, data }: WithId<StoredPasswordEntry>): Promise<PasswordEntry> {
  return isSealedEntry(data) ? openOverview(deps, id, data) : decryptPlainEntry(deps, id, data);
}

async function decryptPlainEntry(deps: VaultDeps, id: string, data: StoredPlainEntry): Promise<PasswordEntry> {
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
    undecryptableLogged(id, error);
    return { ...base, username: data.username, password: data.password, undecryptable: true };
  };
  const key = keyFor(deps, data.keyVersion);
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

/**
 * A sealed entry as the list needs it: one decryption (the overview). The details stay sealed in
 * `sealedDetails` until openDetails. A promise chain building the entry in one literal, not an
 * async function with spreads: a vault opens thousands of these, and issue #18's bench counts
 * every microsecond spent beside the decryption.
 */
function openOverview(deps: VaultDeps, id: string, data: StoredSealedEntry): Promise<PasswordEntry> {
  const keyVersion = data.keyVersion ?? null;
  const key = keyFor(deps, data.keyVersion);
  if (typeof key === 'string') return Promise.resolve(undecryptableSealed(id, data, key));
  return openEntryOverview(key, bindingOf(deps, id, keyVersion), data.overview).then(
    (overview) => overviewEntry(id, data, overview),
    (error: unknown) => undecryptableSealed(id, data, error),
  );
}

/** A sealed entry with its overview opened; the details wait in `sealedDetails`. */
function overviewEntry(id: string, data: StoredSealedEntry, overview: EntryOverview): PasswordEntry {
  return {
    id,
    title: overview.title,
    url: overview.url,
    notes: null,
    username: overview.username,
    password: '',
    groupId: data.groupId,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    revision: data.revision,
    undecryptable: false,
    sealedDetails: { sealed: data.details, keyVersion: data.keyVersion ?? null },
    sealed: true,
  };
}

function undecryptableSealed(id: string, data: StoredSealedEntry, error: unknown): PasswordEntry {
  undecryptableLogged(id, error);
  // No title in clear to show: the entry is named by its id, its stored parts shown as they are.
  return {
    id,
    title: `Undecryptable entry ${id}`,
    url: null,
    notes: null,
    username: data.overview,
    password: data.details,
    groupId: data.groupId,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    revision: data.revision,
    undecryptable: true,
    sealed: true,
  };
}

const fallbackCaches = new WeakMap<VaultDeps, DetailsCache>();

function cacheOf(deps: VaultDeps): DetailsCache {
  if (deps.details) return deps.details;
  let cache = fallbackCaches.get(deps);
  if (cache === undefined) {
    cache = createDetailsCache();
    fallbackCaches.set(deps, cache);
  }
  return cache;
}

/**
 * The entry with its details (password, notes): as it is when they are already there, else the
 * sealed details opened (one decryption, then kept in the deps' cache while the vault is open).
 * Rejects with the crypto error when they do not open (logged; the screen says SPEC.md §8's
 * DECRYPT_FAILED_MESSAGE); a failed opening is not cached, so asking again tries again.
 */
export async function openDetails(deps: VaultDeps, entry: PasswordEntry): Promise<PasswordEntry> {
  const { sealedDetails, ...rest } = entry;
  if (sealedDetails === undefined) return entry;
  const cache = cacheOf(deps);
  const cacheKey = detailsKey(entry.id, sealedDetails.keyVersion, sealedDetails.sealed);
  let opening = cache.get(cacheKey);
  if (opening === undefined) {
    const key = keyFor(deps, sealedDetails.keyVersion);
    opening =
      typeof key === 'string'
        ? Promise.reject(new Error(key))
        : openEntryDetails(key, bindingOf(deps, entry.id, sealedDetails.keyVersion), sealedDetails.sealed);
    cache.set(cacheKey, opening);
    opening.catch((error: unknown) => {
      cache.delete(cacheKey);
      undecryptableLogged(entry.id, error);
    });
  }
  const details = await opening;
  return { ...rest, password: details.password, notes: details.notes };
}

/**
 * A stored group as the screens show it: a format-1 group as stored, a sealed one opened (one
 * decryption). One that does not open is listed by its id and flagged, like an undecryptable
 * entry (SPEC.md §8): its entries still filter under it and it can still be deleted.
 */
async function groupOf(deps: VaultDeps, { id, data }: WithId<StoredGroup>): Promise<Group> {
  const base = { id, createdAt: data.createdAt, updatedAt: data.updatedAt, revision: data.revision };
  if (!isSealedGroup(data)) return { ...base, name: data.name, description: data.description ?? null };
  const undecryptable = (error: unknown): Group => {
    console.error(`${DECRYPT_FAILED_MESSAGE} (group ${id})`, error);
    return { ...base, name: `Undecryptable group ${id}`, description: null, sealed: true, undecryptable: true };
  };
  const key = keyFor(deps, data.keyVersion);
  if (typeof key === 'string') return undecryptable(key);
  try {
    const opened = await openGroupOverview(key, groupBindingOf(deps, id, data.keyVersion ?? null), data.sealed);
    return { ...base, name: opened.name, description: opened.description, sealed: true };
  } catch (error) {
    return undecryptable(error);
  }
}

/** The binding of a sealed group: personal groups name no key version, team groups the stored one. */
function groupBindingOf(deps: VaultDeps, groupId: string, keyVersion: number | null): GroupPartBinding {
  return { groupId, keyVersion: isTeamVault(deps) ? keyVersion : null, format: SEALED_GROUP_FORMAT };
}

/**
 * A conditional write's failure in the vault's terms: a conflict carries the newer entry
 * (decrypted) for the form to show beside the user's; a deletion says so.
 */
async function passwordWriteFailure(deps: VaultDeps, error: unknown): Promise<unknown> {
  if (error instanceof GoneError) return new VaultGoneError(CONFLICT_MESSAGES.passwordGone, { cause: error });
  if (error instanceof RevisionConflictError) {
    const current = error.current as WithId<StoredPasswordEntry>;
    // The form puts the newer values beside the user's: a sealed one's details are opened too.
    const newer = await decryptEntry(deps, current);
    const opened = await openDetails(deps, newer).catch(() => ({ ...newer, undecryptable: true }));
    return new PasswordConflictError(opened, { cause: error });
  }
  return error;
}

async function groupWriteFailure(deps: VaultDeps, error: unknown): Promise<unknown> {
  if (error instanceof GoneError) return new VaultGoneError(CONFLICT_MESSAGES.groupGone, { cause: error });
  if (error instanceof RevisionConflictError) {
    // The form shows the newer name beside the user's: a sealed one is opened first.
    return new GroupConflictError(await groupOf(deps, error.current as WithId<StoredGroup>), { cause: error });
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
  // One decryption per sealed group, all at once (a vault has few groups); ordered here by the
  // names as opened, then id, since the server cannot order sealed names.
  const opened = await Promise.all(stored.items.map((group) => groupOf(deps, group)));
  return [...opened, ...stored.malformed.map(damagedGroup)].sort((a, b) => byLabel<Group>((group) => group.name)(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The sealed entries of a page that one key opens, as one batch for the decryption pool. */
interface OverviewBatch {
  readonly items: SealedOverview[];
  readonly entries: Array<{ readonly index: number; readonly id: string; readonly data: StoredSealedEntry }>;
}

/**
 * One page of stored entries as the list shows it, in list order. Every entry is opened at once:
 * the sealed overviews in one batch per key, which the crypto layer shares between the main thread
 * and its decryption workers (a vault is thousands of them, and each WebCrypto call's dispatch is
 * what costs); format-1 entries field by field, as before.
 */
async function openPage(deps: VaultDeps, page: Listing<StoredPasswordEntry>): Promise<PasswordEntry[]> {
  const opened = new Array<PasswordEntry>(page.items.length);
  const plain: Array<Promise<void>> = [];
  const batches = new Map<VaultKey | TeamKey, OverviewBatch>();
  page.items.forEach(({ id, data }, index) => {
    if (!isSealedEntry(data)) {
      plain.push(
        decryptPlainEntry(deps, id, data).then((entry) => {
          opened[index] = entry;
        }),
      );
      return;
    }
    const key = keyFor(deps, data.keyVersion);
    if (typeof key === 'string') {
      opened[index] = undecryptableSealed(id, data, key);
      return;
    }
    let batch = batches.get(key);
    if (batch === undefined) {
      batch = { items: [], entries: [] };
      batches.set(key, batch);
    }
    batch.items.push({ binding: bindingOf(deps, id, data.keyVersion ?? null), sealed: data.overview });
    batch.entries.push({ index, id, data });
  });
  const sealed = [...batches].map(([key, { items, entries }]) =>
    openEntryOverviews(key, items).then(
      (results) => {
        results.forEach((result, at) => {
          const { index, id, data } = entries[at] as OverviewBatch['entries'][number];
          opened[index] = result instanceof Error ? undecryptableSealed(id, data, result) : overviewEntry(id, data, result);
        });
      },
      // Only a key of the wrong kind rejects the whole batch: each entry is then undecryptable, as alone.
      (error: unknown) => {
        for (const { index, id, data } of entries) opened[index] = undecryptableSealed(id, data, error);
      },
    ),
  );
  await Promise.all([...plain, ...sealed]);
  // A document of the wrong shape is one damaged entry; the rest of the vault still loads (issue #17).
  for (const malformed of page.malformed) opened.push(damagedEntry(malformed));
  return opened.sort(compareEntries);
}

/**
 * The scope's entries, in list order (entryOrder.ts). They are read a page at a time (issue #18:
 * no single response is huge, and the first rows come as fast for 20,000 entries as for 100); each
 * page is opened as a whole, one decryption per sealed entry, and handed to `onPage` (in list
 * order, with the number loaded so far), in page order, while the next two pages are read and
 * opened. Rejects when any page cannot be read: what was handed out so far is not the vault.
 * Once `stopped` says so (the screen went away), no further page is read or opened and the load
 * rejects with LoadStoppedError.
 */
export async function loadEntries(
  deps: VaultDeps,
  onPage?: (page: readonly PasswordEntry[], loaded: number) => void,
  stopped: () => boolean = () => false,
): Promise<PasswordEntry[]> {
  // The decryption workers load their script while the first page is read.
  warmUpDecryptPool();
  const pages = (isTeamVault(deps) ? deps.passwords.readTeamPages(deps.team.teamId) : deps.passwords.readPersonalPages(deps.userId))[
    Symbol.asyncIterator
  ]();
  // Two pages are read and opened ahead of the one merged and handed out, so the decryption
  // workers always have a batch while the main thread orders rows (with one ahead they waited at
  // each page: issue #18's Node bench, 0.50 → 0.47 of the floor, median of six runs each).
  // A page is opened in a task after the one that read it: reading the response and opening the
  // page were one task of up to 56 ms in the browser bench.
  const nextPage = (): Promise<PasswordEntry[] | null> =>
    pages.next().then(async (read) => {
      if (read.done === true) return null;
      await nextTask();
      if (stopped()) throw new LoadStoppedError();
      return openPage(deps, read.value);
    });
  const inFlight = [nextPage(), nextPage()];
  // A failure is thrown where its page is awaited, in page order.
  for (const page of inFlight) page.catch(() => undefined);
  let entries: PasswordEntry[] = [];
  for (;;) {
    const opened = await (inFlight.shift() as Promise<PasswordEntry[] | null>);
    if (opened === null) return entries;
    if (stopped()) throw new LoadStoppedError();
    const more = nextPage();
    more.catch(() => undefined);
    inFlight.push(more);
    // Merged page by page (each page is in list order), not sorted at the end: one sort of a
    // 20,000-entry list was the longest task of a load (issue #18's browser bench).
    entries = mergeInOrder(entries, opened);
    onPage?.(opened, entries.length);
  }
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
    // A team entry is always written at the team's current key version (the rules insist).
    const keyVersion = isTeamVault(deps) ? deps.team.keyVersion : null;
    const version = keyVersion === null ? {} : { keyVersion };
    // Sealed unless a test asks for format 1, and always for an entry already sealed: its title never goes back in clear.
    const sealed = deps.sealedFormat !== false || existing?.sealed === true;
    const fields = sealed ? await sealedFields(key, id, keyVersion, draft) : await plainFields(key, id, draft);
    if (existing === undefined) {
      await deps.passwords.create(id, {
        ...fields,
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
      // Sealing a format-1 entry removes every clear field; a format-1 edit removes an emptied url or notes.
      const remove = sealed
        ? existing.sealed === true
          ? []
          : [...PLAIN_ENTRY_FIELDS]
        : [...(draft.url === null ? (['url'] as const) : []), ...(draft.notes === null ? (['notes'] as const) : [])];
      await translated(
        () => deps.passwords.update(id, { ...fields, groupId: draft.groupId, ...version, remove }, now, existing.revision),
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
      ...(sealed ? { sealed: true } : {}),
    };
  });
}

/** Format 1's stored fields: title, url and notes in clear, username and password sealed field by field. */
async function plainFields(key: VaultKey | TeamKey, id: string, draft: ValidPasswordDraft) {
  const [username, password] = await Promise.all([
    encryptText(key, draft.username, entryFieldContext(id, 'username')),
    encryptText(key, draft.password, entryFieldContext(id, 'password')),
  ]);
  return {
    title: draft.title,
    ...(draft.url === null ? {} : { url: draft.url }),
    ...(draft.notes === null ? {} : { notes: draft.notes }),
    username,
    password,
  };
}

/** Format 2's stored fields: the overview and the details, each sealed whole and bound to the entry (docs/crypto.md). */
async function sealedFields(
  key: VaultKey | TeamKey,
  id: string,
  keyVersion: number | null,
  draft: ValidPasswordDraft,
): Promise<Pick<StoredSealedEntry, 'format' | 'overview' | 'details'>> {
  const binding: EntryPartBinding = { entryId: id, keyVersion, format: SEALED_ENTRY_FORMAT };
  const [overview, details] = await Promise.all([
    sealEntryOverview(key, binding, { title: draft.title, url: draft.url, username: draft.username }),
    sealEntryDetails(key, binding, { password: draft.password, notes: draft.notes }),
  ]);
  return { format: SEALED_ENTRY_FORMAT, overview, details };
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

function groupFields(draft: GroupDraft): { name: string; description: string | null } {
  const description = draft.description.trim();
  return { name: draft.name.trim(), description: description === '' ? null : description };
}

/**
 * What a group write stores: format 1's clear name (and description, when there is one), or format
 * 2's sealed part, bound to the group and (team groups) the team's current key version, which the
 * rules insist on.
 */
async function storedGroupFields(deps: VaultDeps, id: string, sealed: boolean, fields: { name: string; description: string | null }) {
  if (!sealed) return { name: fields.name, ...(fields.description === null ? {} : { description: fields.description }) };
  const key = isTeamVault(deps) ? deps.team.key : deps.vaultKey;
  const keyVersion = isTeamVault(deps) ? deps.team.keyVersion : null;
  const part = await sealGroupOverview(key, { groupId: id, keyVersion, format: SEALED_GROUP_FORMAT }, fields);
  return { format: SEALED_GROUP_FORMAT, sealed: part, ...(keyVersion === null ? {} : { keyVersion }) } as const;
}

// Team groups follow the password permissions: whoever may create, edit or delete passwords may do
// the same to groups (the rules agree), and a refusal uses the same §6 words. Groups are written
// sealed like entries (unless a test asks for format 1); a sealed group always stays sealed.

export async function createGroup(deps: VaultDeps, draft: GroupDraft): Promise<Group> {
  return guarded(deps, 'create', async () => {
    const id = deps.groups.newId();
    const now = deps.now();
    const fields = groupFields(draft);
    const sealed = deps.sealedFormat !== false;
    const owner = isTeamVault(deps) ? { userId: null, teamId: deps.team.teamId } : { userId: deps.userId, teamId: null };
    const stored = await storedGroupFields(deps, id, sealed, fields);
    await deps.groups.create(id, { ...stored, ...owner, revision: FIRST_REVISION, createdAt: now, updatedAt: now });
    return { id, ...fields, createdAt: now, updatedAt: now, revision: FIRST_REVISION, ...(sealed ? { sealed: true } : {}) };
  });
}

/** Renames on `group.revision`: a rename made meanwhile is GroupConflictError (with it), never overwritten. */
export async function updateGroup(deps: VaultDeps, group: Group, draft: GroupDraft): Promise<Group> {
  return guarded(deps, 'edit', async () => {
    const now = deps.now();
    const fields = groupFields(draft);
    // Sealed unless a test asks for format 1, and always for a group already sealed: its name never goes back in clear.
    const sealed = deps.sealedFormat !== false || group.sealed === true;
    const stored = await storedGroupFields(deps, group.id, sealed, fields);
    // Sealing removes the clear fields (whether or not they are there); a format-1 edit removes an emptied description.
    const remove = sealed ? [...PLAIN_GROUP_FIELDS] : fields.description === null ? (['description'] as const) : [];
    const changes: GroupChanges = { ...stored, remove };
    await translated(
      () => deps.groups.update(group.id, changes, now, group.revision),
      (error) => groupWriteFailure(deps, error),
    );
    const { undecryptable: _undecryptable, ...rest } = group;
    return { ...rest, ...fields, updatedAt: now, revision: group.revision + 1, ...(sealed ? { sealed: true } : {}) };
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
      throw await groupWriteFailure(deps, error);
    }
  });
}
