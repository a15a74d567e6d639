import {
  ITEM_ENTRY_FORMAT,
  openEntryDetails,
  openEntryFields,
  openEntryOverview,
  openItemDetails,
  openItemOverview,
  type AnyOverview,
  type ItemDetails,
  type ItemOverview,
  type OpenedEntryDetails,
} from '../../../crypto';
import { isSealedEntry, type MalformedDocument, type StoredPasswordEntry, type StoredPlainEntry, type StoredSealedEntry, type WithId } from '../../../data/vault/storedEntries';
import { createDetailsCache, detailsKey, type DetailsCache } from '../detailsCache';
import type { PasswordEntry } from '../model';
import { DECRYPT_FAILED_MESSAGE } from '../vaultErrors';
import { entryBinding, keyFor, type VaultDeps } from './vaultDeps';

// Stored entries turned into what the screens show (docs/vault.md, "Reading entries"): format 1
// with username and password opened for the list, format 2 (sealed) with only the overview opened
// for the list and the details opened when the user asks. What does not open is listed as
// undecryptable, what is not even an entry as damaged (SPEC.md §8, issue #17).

export const undecryptableLogged = (id: string, error: unknown) => {
  // SPEC.md §8: shown with its stored values, and logged. The crypto layer threw (or no key held
  // fits); nothing here pretends the ciphertext is the secret.
  console.error(`${DECRYPT_FAILED_MESSAGE} (entry ${id})`, error);
};

export function decryptEntry(deps: VaultDeps, { id, data }: WithId<StoredPasswordEntry>): Promise<PasswordEntry> {
  return isSealedEntry(data) ? openOverview(deps, id, data) : decryptPlainEntry(deps, id, data);
}

export async function decryptPlainEntry(deps: VaultDeps, id: string, data: StoredPlainEntry): Promise<PasswordEntry> {
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
    const { username, password } = await openEntryFields(key, id, data);
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
  const binding = entryBinding(deps, id, keyVersion, data.format);
  const opening: Promise<AnyOverview> = data.format === ITEM_ENTRY_FORMAT ? openItemOverview(key, binding, data.overview) : openEntryOverview(key, binding, data.overview);
  return opening.then(
    (overview) => overviewEntry(id, data, overview),
    (error: unknown) => undecryptableSealed(id, data, error),
  );
}

/** A sealed entry with its overview opened; the details wait in `sealedDetails`. */
export function overviewEntry(id: string, data: StoredSealedEntry, overview: AnyOverview): PasswordEntry {
  if ('kind' in overview) return itemEntry(id, data, overview);
  // Built as one literal with the optional fields set after, not spread in: a list is thousands of
  // these, and spreading a fresh object into each cost the load (issue #42's Node bench).
  const entry: Mutable<PasswordEntry> = {
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
  if (overview.hasOneTimeCode === true) entry.hasOneTimeCode = true;
  if (overview.health !== undefined) entry.health = overview.health;
  return entry;
}

/**
 * A format-3 item as the list of entries shows it (docs/items.md): a login by its first URL and
 * username, another kind by its title alone; the whole overview in `item`.
 */
function itemEntry(id: string, data: StoredSealedEntry, item: ItemOverview): PasswordEntry {
  const login = item.kind === 'login' ? item : null;
  const entry: Mutable<PasswordEntry> = {
    id,
    title: item.title,
    url: login?.urls[0]?.url ?? null,
    notes: null,
    username: login?.username ?? '',
    password: '',
    groupId: data.groupId,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    revision: data.revision,
    undecryptable: false,
    sealedDetails: { sealed: data.details, keyVersion: data.keyVersion ?? null, format: ITEM_ENTRY_FORMAT },
    sealed: true,
    item,
  };
  if (login?.hasOneTimeCode === true) entry.hasOneTimeCode = true;
  if (login?.health !== undefined) entry.health = login.health;
  return entry;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function undecryptableSealed(id: string, data: StoredSealedEntry, error: unknown): PasswordEntry {
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

/**
 * An entry document of the wrong shape, listed like an undecryptable entry (SPEC.md §8): by its
 * stored title if it has one, else its id; nothing decrypted, nothing else from it trusted.
 */
export function damagedEntry({ id, problem, label, groupId }: MalformedDocument): PasswordEntry {
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
    const binding = entryBinding(deps, entry.id, sealedDetails.keyVersion, sealedDetails.format);
    opening =
      typeof key === 'string'
        ? Promise.reject(new Error(key))
        : sealedDetails.format === ITEM_ENTRY_FORMAT
          ? openItemDetails(key, binding, sealedDetails.sealed).then((item) => ({ ...entryDetailsOf(item), item }))
          : openEntryDetails(key, binding, sealedDetails.sealed);
    cache.set(cacheKey, opening);
    opening.catch((error: unknown) => {
      cache.delete(cacheKey);
      undecryptableLogged(entry.id, error);
    });
  }
  const details = await opening;
  return {
    ...rest,
    password: details.password,
    notes: details.notes,
    ...(details.otp === null ? {} : { otp: details.otp }),
    ...(details.history.length === 0 ? {} : { passwordHistory: details.history }),
    ...(details.item === undefined ? {} : { itemDetails: details.item }),
  };
}

/** An item's details as a login's: the password form edits a login item's; another kind has no password. */
function entryDetailsOf(details: ItemDetails): OpenedEntryDetails {
  const notes = details.notes === '' ? null : details.notes;
  if (details.kind !== 'login') return { password: '', notes, otp: null, history: [] };
  const { password, otp, history } = details.fields;
  return { password, notes, otp, history };
}
