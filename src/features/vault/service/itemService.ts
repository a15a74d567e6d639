import { ITEM_ENTRY_FORMAT, itemDetailsValue, itemOverviewValue, openItemDetails, sealItemParts, type EntryHealth, type ItemParts, type ItemOverview } from '../../../crypto';
import { FIRST_REVISION, PLAIN_ENTRY_FIELDS, RevisionConflictError, type EntryEvent, type StoredPasswordEntry, type WithId } from '../../../data/vault/storedEntries';
import type { EntryPart } from '@keyloft/contract/auditEvents';
import { entryHealth, estimatorOrNull } from '../health/entryHealth';
import { historyAfterSave, trimmedHistory } from '../history/passwordHistory';
import type { ValidPasswordDraft } from '../form/validatePasswordDraft';
import { fitsFormatTwo, itemFromParts, itemToParts, loginOverviewOf } from '../items/sealedItem';
import { loginFromEntry, type Item, type LoginItem } from '../items/kinds';
import type { PasswordEntry } from '../model';
import { loadEntries } from './loadEntries';
import { PasswordConflictError } from '../vaultErrors';
import { decryptEntry, openDetails, overviewEntry, undecryptableLogged } from './openEntries';
import { passwordWriteFailure, savePassword } from './passwordWrites';
import { entryBinding, isTeamVault, keyFor, writeKey, type VaultDeps } from './vaultDeps';
import { guarded, translated } from './writeGuard';

// Items of every kind through the same repositories as entries (issue #44, docs/items.md "Where
// items are stored"): what a later screen calls to list, open and save them. An item is saved in
// format 3 (itemParts.ts); a login that format 2 holds whole is saved in format 2 by the entry
// path (savePassword), so tabs of an older build keep editing it; an entry once in format 3 stays
// there (the rules refuse a write that lowers the format).

/** One entry of a vault as a list of items shows it: the entry, and its overview as an item (null when it did not open). */
export interface ListedItem {
  readonly entry: PasswordEntry;
  readonly overview: ItemOverview | null;
}

/** The item overview of a listed entry: a format-3 item's own, a format-1 or -2 entry's as a login's. */
export function listedItem(entry: PasswordEntry): ListedItem {
  if (entry.item !== undefined) return { entry, overview: entry.item };
  return { entry, overview: entry.undecryptable ? null : loginOverviewOf(entry) };
}

/**
 * The scope's entries as items of mixed kinds, in list order: loadEntries' pages (one decryption
 * per sealed entry, in the decryption pool), each with its item overview.
 */
export async function loadItems(deps: VaultDeps, onPage?: (page: readonly ListedItem[], loaded: number) => void): Promise<ListedItem[]> {
  const entries = await loadEntries(deps, onPage === undefined ? undefined : (page, loaded) => {
          onPage(page.map(listedItem), loaded);
        });
  return entries.map(listedItem);
}

/**
 * The whole item of a listed entry: a format-3 item's details opened (one decryption), or a
 * format-1 or -2 entry's details opened and read as a login (loginFromEntry), not rewritten.
 * Rejects with the crypto error when the details do not open (logged).
 */
export async function openItem(deps: VaultDeps, entry: PasswordEntry): Promise<Item> {
  const { item, sealedDetails, itemDetails } = entry;
  if (item === undefined) return loginFromEntry(await openDetails(deps, entry));
  // Opened before (openDetails): the whole details came with it. Never read as a login's fields:
  // a card, or a login's further URLs and custom fields, would be lost at the next save.
  if (sealedDetails === undefined) {
    if (itemDetails === undefined) throw new Error(`Entry ${entry.id} is an item whose details are neither sealed nor opened.`);
    return itemFromParts(item, itemDetails);
  }
  const key = keyFor(deps, sealedDetails.keyVersion);
  try {
    if (typeof key === 'string') throw new Error(key);
    const details = await openItemDetails(key, entryBinding(deps, entry.id, sealedDetails.keyVersion, ITEM_ENTRY_FORMAT), sealedDetails.sealed);
    return itemFromParts(item, details);
  } catch (error) {
    undecryptableLogged(entry.id, error);
    throw error;
  }
}

/** What an item save writes besides the item: its group. */
export interface ItemPlacement {
  readonly groupId: string | null;
}

/**
 * Creates (no `existing`) or updates an item in format 3; returns the entry as the list shows it.
 * An update opens what is stored first (never saving over what it did not read), keeps a login's
 * password history with the replaced password on top, and is conditional on `existing.revision`
 * (PasswordConflictError, VaultGoneError as for savePassword). Over a format-1 or -2 entry it
 * writes format 3, removing format 1's clear fields.
 */
export async function saveItem(deps: VaultDeps, item: Item, placement: ItemPlacement, existing?: PasswordEntry): Promise<PasswordEntry> {
  // Format 3 only where it is needed: a login format 2 holds whole, not yet an item, stays format 2.
  if (item.kind === 'login' && fitsFormatTwo(item) && existing?.item === undefined && deps.sealedFormat !== false) {
    return savePassword(deps, loginDraft(item, placement, existing === undefined), existing);
  }
  return saveItemOn(deps, item, placement, existing);
}

/**
 * The password form's draft saved over `existing`: as savePassword, unless the entry is an item
 * (format 3), whose URLs past the first, rules, custom fields and favourite mark the form does not
 * show: those are opened and kept, and the draft's values put over them.
 */
export async function saveEntryDraft(deps: VaultDeps, draft: ValidPasswordDraft, existing?: PasswordEntry): Promise<PasswordEntry> {
  if (existing?.item === undefined) return savePassword(deps, draft, existing);
  const before = await openItem(deps, existing);
  if (before.kind !== 'login') throw new Error(`Entry ${existing.id} is not a login: the password form cannot save it.`);
  const [first, ...others] = before.fields.urls;
  const urls = draft.url === null ? others : [{ url: draft.url, match: first?.match ?? 'origin' }, ...others];
  const { title, notes, username, password } = draft;
  const otp = draft.otp === undefined ? before.fields.otp : draft.otp;
  const item: LoginItem = { ...before, title, notes: notes ?? '', fields: { ...before.fields, urls, username, password, otp } };
  return saveItemOn(deps, item, { groupId: draft.groupId }, existing);
}

function loginDraft(item: LoginItem, placement: ItemPlacement, isNew: boolean): ValidPasswordDraft {
  const { urls, username, password, otp, history } = item.fields;
  return {
    title: item.title,
    url: urls[0]?.url ?? null,
    notes: item.notes === '' ? null : item.notes,
    username,
    password,
    groupId: placement.groupId,
    otp,
    ...(isNew ? { history } : {}),
  };
}

/**
 * A newer version holding the very item `existing` held, in the same group (a key rotation or the
 * background sealing re-sealed it, issue #42 item 7) is no conflict: the save goes on its revision
 * once, without asking, as savePassword does; a second conflict is a real one.
 */
async function saveItemOn(deps: VaultDeps, item: Item, placement: ItemPlacement, existing?: PasswordEntry): Promise<PasswordEntry> {
  try {
    return await writeItem(deps, item, placement, existing);
  } catch (error) {
    const newer = existing === undefined ? null : await resealedOnly(deps, existing, error);
    if (newer === null) throw error;
    return writeItem(deps, item, placement, newer);
  }
}

/** The stored entry a conflict found, as the list holds it, when it differs from `existing` only in its sealing; else null. */
async function resealedOnly(deps: VaultDeps, existing: PasswordEntry, error: unknown): Promise<PasswordEntry | null> {
  // The conflict's own `newer` is opened for a form to show (its sealed details dropped), so the
  // stored document it came from is read again as the list would hold it, for openItem.
  if (!(error instanceof PasswordConflictError) || !(error.cause instanceof RevisionConflictError)) return null;
  const newer = await decryptEntry(deps, error.cause.current as WithId<StoredPasswordEntry>);
  if (newer.undecryptable || newer.groupId !== existing.groupId) return null;
  const opened = await Promise.all([openItem(deps, existing), openItem(deps, newer)]).catch(() => null);
  return opened !== null && sameItemValues(opened[0], opened[1]) ? newer : null;
}

/** Equal in every value an item seals (its health record aside: a rotation recomputes it under the new key). */
function sameItemValues(a: Item, b: Item): boolean {
  const [x, y] = [itemToParts(a), itemToParts(b)];
  return samePartsOf(x, y).length === 2;
}

async function writeItem(deps: VaultDeps, item: Item, placement: ItemPlacement, existing?: PasswordEntry): Promise<PasswordEntry> {
  return guarded(deps, existing === undefined ? 'create' : 'edit', async () => {
    const id = existing?.id ?? deps.passwords.newId();
    const now = deps.now();
    const { key, keyVersion } = writeKey(deps);
    // What did not open is written anew (as savePassword does): there is nothing to keep of it.
    const before = existing === undefined || existing.undecryptable ? null : await openItem(deps, existing);
    const saved = withHistory(item, before, now);
    const health = await healthOf(deps, saved, before === null ? now : (existing?.createdAt ?? now));
    const parts = itemToParts(saved, health);
    const previous = before === null ? null : itemToParts(before, existing?.health);
    // A part is kept as stored (the repository leaves its ciphertext) only where it was format 3
    // at this key version and holds the same: the rules compare ciphertexts with the event.
    const sameKey = existing?.item !== undefined && existing.sealedDetails?.keyVersion === keyVersion;
    const unchanged = sameKey && previous !== null ? samePartsOf(previous, parts) : [];
    const sealed = await sealItemParts(key, entryBinding(deps, id, keyVersion, ITEM_ENTRY_FORMAT), parts);
    const fields = { format: ITEM_ENTRY_FORMAT as 3, ...sealed };
    const version = keyVersion === null ? {} : { keyVersion };
    const teamId = isTeamVault(deps) ? deps.team.teamId : null;
    const event = isTeamVault(deps) ? itemEvent(id, existing, placement, unchanged) : undefined;
    if (existing === undefined) {
      const stored = { ...fields, teamId, userId: deps.userId, groupId: placement.groupId, encrypted: true as const, ...version, revision: FIRST_REVISION, createdAt: now, updatedAt: now };
      await deps.passwords.create(id, stored, event);
    } else {
      const remove = existing.sealed === true ? [] : [...PLAIN_ENTRY_FIELDS];
      await translated(
        () => deps.passwords.update(id, { ...fields, groupId: placement.groupId, ...version, remove, unchanged }, now, existing.revision, event),
        (error) => passwordWriteFailure(deps, error),
      );
    }
    const revision = existing === undefined ? FIRST_REVISION : existing.revision + 1;
    const createdAt = existing?.createdAt ?? now;
    const stored = { ...fields, teamId, userId: deps.userId, groupId: placement.groupId, encrypted: true as const, ...version, revision, createdAt, updatedAt: now };
    return overviewEntry(id, stored, parts.overview);
  });
}

/** A login saved over a login keeps the history, with the password it replaces on top. */
function withHistory(item: Item, before: Item | null, now: number): Item {
  if (item.kind !== 'login') return item;
  const previous = before?.kind === 'login' ? before.fields : null;
  const history = previous === null ? trimmedHistory(item.fields.history) : historyAfterSave(previous.history, previous.password, item.fields.password, now);
  return { ...item, fields: { ...item.fields, history } };
}

/** A login's health record (issue #42), where the vault's deps carry the estimator (the personal vault). */
async function healthOf(deps: VaultDeps, item: Item, createdAt: number): Promise<EntryHealth | undefined> {
  if (item.kind !== 'login') return undefined;
  const estimate = await estimatorOrNull(deps.strength);
  if (estimate === null) return undefined;
  const passwordSetAt = item.fields.history[0]?.replacedAt ?? createdAt;
  const { key } = writeKey(deps);
  return entryHealth(key, estimate, { title: item.title, username: item.fields.username, password: item.fields.password, passwordSetAt });
}

function samePartsOf(previous: ItemParts, next: ItemParts): ('overview' | 'details')[] {
  // Compared as they are sealed (the same members in the same order), whatever order the item had them in.
  const same = {
    overview: JSON.stringify(itemOverviewValue(previous.overview)) === JSON.stringify(itemOverviewValue(next.overview)),
    details: JSON.stringify(itemDetailsValue(previous.details)) === JSON.stringify(itemDetailsValue(next.details)),
  };
  return (['overview', 'details'] as const).filter((part) => same[part]);
}

/**
 * A team item's activity-log event (issue #24): created, moved (only the group changed), or edited
 * naming the parts written anew, never a value. Which fields of an item changed is not told: an
 * item's parts are named as parts ('overview', 'details'), which is all the rules compare.
 */
function itemEvent(id: string, existing: PasswordEntry | undefined, placement: ItemPlacement, unchanged: readonly ('overview' | 'details')[]): EntryEvent {
  if (existing === undefined) return { kind: 'entry.created', entryId: id };
  const parts: EntryPart[] = (['overview', 'details'] as const).filter((part) => !unchanged.includes(part));
  if (parts.length === 0 && existing.groupId !== placement.groupId) {
    return { kind: 'entry.moved', entryId: id, fromGroupId: existing.groupId, toGroupId: placement.groupId };
  }
  return { kind: 'entry.edited', entryId: id, parts };
}
