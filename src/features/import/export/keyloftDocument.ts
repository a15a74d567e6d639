// The plain Keyloft export document, both ways (docs/import.md "Export"): written on its own as
// the plain Keyloft JSON, and sealed whole as the encrypted export's plaintext. Reading it is the
// Keyloft importer's (../formats/keyloft.ts) last step, so the two cannot drift apart.
import { EXPORT_FILE_FORMAT, EXPORT_FILE_VERSION } from '../../../crypto';
import { ImportFileError } from '../model';
import type { ImportFolder, ImportItem, ParseOptions, SkippedItem } from '../model';
import { itemCounter } from '../formats/values';
import type { ExportedEntry, ExportedGroup, ExportedVault } from './exportedVault';
import { itemMembers, readItemMembers, type KeyloftItemMembers } from './keyloftItems';

export const KEYLOFT_EXPORT_FORMAT = EXPORT_FILE_FORMAT;
/** A document of logins only, each with the fields an entry had before item kinds (issue #44). */
export const KEYLOFT_EXPORT_VERSION = EXPORT_FILE_VERSION;
/**
 * A document with items (kinds, further URLs, custom fields, favourites): a Keyloft from before
 * them reads version 1 only and would take a card for an empty login, so it is told to update.
 */
export const KEYLOFT_ITEMS_VERSION = 2;
export const KEYLOFT_DOCUMENT_VERSIONS: readonly number[] = [KEYLOFT_EXPORT_VERSION, KEYLOFT_ITEMS_VERSION];

export interface KeyloftPlainDocument {
  readonly format: typeof KEYLOFT_EXPORT_FORMAT;
  readonly version: typeof KEYLOFT_EXPORT_VERSION | typeof KEYLOFT_ITEMS_VERSION;
  readonly encrypted: false;
  /** ISO 8601, UTC. */
  readonly exportedAt: string;
  readonly groups: readonly ExportedGroup[];
  readonly entries: readonly KeyloftDocumentEntry[];
}

/**
 * An entry as the document writes it: every field named, a one-time code and history included
 * (issue #23), and an item's kind and fields (issue #44, keyloftItems.ts) when it has more than these.
 */
export interface KeyloftDocumentEntry extends Omit<ExportedEntry, 'otp' | 'passwordHistory' | 'item'>, Partial<KeyloftItemMembers> {
  readonly otp: string | null;
  readonly passwordHistory: readonly { readonly password: string; readonly replacedAt: number }[];
}

/** Copies each field by name, so nothing else the caller's objects carry (ids, keys) reaches the file. */
export function keyloftPlainDocument(vault: ExportedVault, exportedAt: Date): KeyloftPlainDocument {
  return {
    format: KEYLOFT_EXPORT_FORMAT,
    // Version 1 where it says everything, so an older Keyloft still reads an export of logins.
    version: vault.entries.some(({ item }) => item !== undefined) ? KEYLOFT_ITEMS_VERSION : KEYLOFT_EXPORT_VERSION,
    encrypted: false,
    exportedAt: exportedAt.toISOString(),
    groups: vault.groups.map(({ name, description }) => ({ name, description })),
    entries: vault.entries.map(({ title, url, username, password, notes, group, otp, passwordHistory, item }) => ({
      title,
      url,
      username,
      password,
      notes,
      group,
      otp: otp ?? null,
      passwordHistory: (passwordHistory ?? []).map(({ password: earlier, replacedAt }) => ({ password: earlier, replacedAt })),
      ...(item === undefined ? {} : itemMembers(item)),
    })),
  };
}

/**
 * The items of a plain document whose format, version and `encrypted: false` the caller has
 * checked. An entry that is not the layout's shape is skipped with its reason, the others are
 * read; a document without an entry list is not a Keyloft export at all.
 */
/**
 * The document's groups as folders the import makes even when empty, with their descriptions, so
 * a round trip gives back every group. A group not of the layout is left to its entries (if any
 * are in it, their group name still makes it); it is not an item, so nothing is skipped.
 */
export function readKeyloftFolders(document: Readonly<Record<string, unknown>>): ImportFolder[] {
  const { groups } = document;
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((group: unknown) =>
    isRecord(group) && typeof group.name === 'string' && isOptionalText(group.description)
      ? [{ path: [group.name], description: group.description ?? '' }]
      : [],
  );
}

export function readKeyloftEntries(
  document: Readonly<Record<string, unknown>>,
  onProgress?: ParseOptions['onProgress'],
): { items: ImportItem[]; skipped: SkippedItem[] } {
  const { entries } = document;
  if (!Array.isArray(entries)) {
    throw new ImportFileError('This Keyloft export has no list of entries, so it cannot be imported.');
  }
  const items: ImportItem[] = [];
  const skipped: SkippedItem[] = [];
  const counted = itemCounter({ onProgress }, entries.length);
  entries.forEach((entry: unknown, index) => {
    counted();
    const at = `item ${index + 1}`;
    const read = readEntry(entry);
    if (typeof read === 'string') {
      const title = isRecord(entry) && typeof entry.title === 'string' ? entry.title : '';
      skipped.push({ at, title, reason: read });
    } else {
      items.push({ at, kind: 'login', extras: [], ...read });
    }
  });
  return { items, skipped };
}

type EntryFields = Pick<ImportItem, 'title' | 'url' | 'username' | 'password' | 'notes' | 'folder' | 'otp' | 'passwordHistory'> &
  Partial<Pick<ImportItem, 'kind' | 'favourite' | 'urls' | 'extras'>>;

/** The entry's fields, or why it cannot be read. */
function readEntry(entry: unknown): EntryFields | string {
  if (!isRecord(entry)) return 'It is not an entry of the Keyloft export layout.';
  const { title, url, username, password, notes, group, otp, passwordHistory } = entry;
  if (typeof title !== 'string') return missingText('title');
  if (typeof username !== 'string') return missingText('username');
  if (typeof password !== 'string') return missingText('password');
  if (!isOptionalText(url)) return notText('url');
  if (!isOptionalText(notes)) return notText('notes');
  if (!isOptionalText(group)) return notText('group');
  // Both came with issue #23: an export from before has neither.
  if (!isOptionalText(otp)) return notText('one-time code');
  const history = readHistory(passwordHistory);
  if (history === null) return 'Its password history is not a list of earlier passwords with the time each was replaced.';
  const members = readItemMembers(entry);
  if (typeof members === 'string') return members;
  return {
    ...members,
    title,
    url: url ?? '',
    username,
    password,
    notes: notes ?? '',
    folder: group ? [group] : [],
    ...(otp ? { otp } : {}),
    ...(history.length === 0 ? {} : { passwordHistory: history }),
  };
}

function readHistory(value: unknown): { password: string; replacedAt: number }[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const read = value.map((item: unknown) =>
    isRecord(item) && typeof item.password === 'string' && typeof item.replacedAt === 'number' && Number.isFinite(item.replacedAt)
      ? { password: item.password, replacedAt: item.replacedAt }
      : null,
  );
  return read.every((item) => item !== null) ? read : null;
}

const missingText = (field: string): string => `Its ${field} is missing or not text.`;
const notText = (field: string): string => `Its ${field} is not text.`;

/** url, notes and group may be null (the writer's "none") or absent. */
function isOptionalText(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
