import * as z from 'zod/mini';
import { isStoredCiphertext, type SealPurpose, type Sealed } from '../../crypto/sealed';
import type { StoredGroup, StoredPasswordEntry, StoredPlainEntry, StoredSealedEntry } from './storedEntries';

// passwords/{id} and groups/{id} as the vault writes them (docs/vault.md); fields they do not
// name are left out of what they return. An entry is format 1 or format 2 (docs/crypto.md).

const entryCommon = {
  teamId: z.nullable(z.string()),
  userId: z.string(),
  groupId: z.nullable(z.string()),
  encrypted: z.literal(true),
  keyVersion: z.optional(z.number()),
  // Written before revisions existed: 0, so the first write sets 1 (docs/vault.md, "Revisions").
  revision: z._default(z.number(), 0),
  createdAt: z.number(),
  updatedAt: z.number(),
};

// A ciphertext field: base64, read as the Sealed value of its purpose only through the crypto
// layer's check (src/crypto/sealed.ts). What does not open is still the entry's own business.
const ciphertext = <P extends SealPurpose>() => z.custom<Sealed<P>>(isStoredCiphertext);

// A field of the other format present at all (even null) makes the document malformed: a part
// sealed beside a clear title, or a clear title beside sealed parts, is neither format.
const absent = z.optional(z.never());

const storedPlainEntrySchema = z.object({
  format: z.optional(z.literal(1)),
  title: z.string(),
  url: z.optional(z.string()),
  notes: z.optional(z.string()),
  username: ciphertext<'entry-field'>(),
  password: ciphertext<'entry-field'>(),
  overview: absent,
  details: absent,
  ...entryCommon,
});

// Format 3 (issue #44: items of every kind) stores the same fields as format 2; only the parts' JSON differs.
const storedSealedEntrySchema = z.object({
  format: z.literal([2, 3]),
  overview: ciphertext<'entry-overview'>(),
  details: ciphertext<'entry-details'>(),
  title: absent,
  url: absent,
  notes: absent,
  username: absent,
  password: absent,
  ...entryCommon,
});

/**
 * Format 1 or format 2, chosen by `format` (absent or 1: format 1), so a malformed document is
 * reported by the field that is wrong in its own format; any other format is malformed at "format".
 */
export const storedPasswordEntrySchema: z.ZodMiniType<StoredPasswordEntry> = z.discriminatedUnion('format', [storedPlainEntrySchema, storedSealedEntrySchema]);

/**
 * What a list shows for a malformed document: its clear `field` (an entry's title, a group's
 * name), unless it claims the sealed format, which has nothing in clear to trust.
 */
function clearLabel(field: 'title' | 'name'): (data: unknown) => string | null {
  return (data) => {
    if (typeof data !== 'object' || data === null) return null;
    const { format, [field]: label } = data as Record<string, unknown>;
    if (format === 2 || format === 3) return null;
    return typeof label === 'string' ? label : null;
  };
}

/** What a list shows for a malformed entry document: its clear title, unless it claims the sealed format. */
export const entryLabel = clearLabel('title');

const groupCommon = {
  userId: z.nullable(z.string()),
  teamId: z.nullable(z.string()),
  revision: z._default(z.number(), 0),
  createdAt: z.number(),
  updatedAt: z.number(),
};

const storedPlainGroupSchema = z.object({
  format: z.optional(z.literal(1)),
  name: z.string(),
  description: z.optional(z.string()),
  sealed: absent,
  keyVersion: absent,
  ...groupCommon,
});

const storedSealedGroupSchema = z.object({
  format: z.literal(2),
  sealed: ciphertext<'group-overview'>(),
  keyVersion: z.optional(z.number()),
  name: absent,
  description: absent,
  ...groupCommon,
});

/** Format 1 (clear name) or format 2 (sealed name and description), chosen by `format` as for entries. */
export const storedGroupSchema: z.ZodMiniType<StoredGroup> = z.discriminatedUnion('format', [storedPlainGroupSchema, storedSealedGroupSchema]);

/** What a list shows for a malformed group document: its clear name, unless it claims the sealed format. */
export const groupLabel = clearLabel('name');

// The quick reader: a vault of 10,000 entries reads 10,000 documents through the schema, and the
// general parser cost about as much per document as opening its overview (issue #18's bench). This
// reads the well-formed document (the one every write of the app makes) with plain checks, and
// answers undefined for anything else, which then goes through storedPasswordEntrySchema: so it
// never accepts what the schema refuses, and what it returns is what the schema would return
// (tests/unit/data/quickEntryReader.test.ts holds the two side by side).

// A field of the other format present at all makes the document malformed (see `absent`).
const ONLY_PLAIN: ReadonlySet<string> = new Set(['title', 'url', 'notes', 'username', 'password']);
const ONLY_SEALED: ReadonlySet<string> = new Set(['overview', 'details']);

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
// zod's number: finite (neither NaN nor ±Infinity).
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A well-formed stored entry as storedPasswordEntrySchema reads it, or undefined: read it through the schema. */
export function quickStoredEntry(data: unknown): StoredPasswordEntry | undefined {
  if (typeof data !== 'object' || data === null || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  const document = data as Record<string, unknown>;
  const { format } = document;
  const sealed = format === 2 || format === 3;
  if (!sealed && format !== 1 && !(format === undefined && !('format' in document))) return undefined;
  // Any field of the other format, or any field present as undefined, is left to the schema to judge.
  const other = sealed ? ONLY_PLAIN : ONLY_SEALED;
  for (const name in document) {
    if (other.has(name) || document[name] === undefined) return undefined;
  }
  const { teamId, userId, groupId, encrypted, keyVersion, revision, createdAt, updatedAt } = document;
  if (!isTextOrNull(teamId) || !isText(userId) || !isTextOrNull(groupId) || encrypted !== true) return undefined;
  if (!isNumber(createdAt) || !isNumber(updatedAt)) return undefined;
  if (revision !== undefined && !isNumber(revision)) return undefined;
  if (keyVersion !== undefined && !isNumber(keyVersion)) return undefined;
  // One literal per format, the optional fields added after: no spreads (thousands per vault).
  if (sealed) {
    const { overview, details } = document;
    if (!isStoredCiphertext(overview) || !isStoredCiphertext(details)) return undefined;
    const entry: { -readonly [K in keyof StoredSealedEntry]: StoredSealedEntry[K] } = {
      format,
      overview,
      details,
      teamId,
      userId,
      groupId,
      encrypted: true,
      revision: revision ?? 0,
      createdAt,
      updatedAt,
    };
    if (keyVersion !== undefined) entry.keyVersion = keyVersion;
    return entry;
  }
  const { title, url, notes, username, password } = document;
  if (!isText(title) || !isStoredCiphertext(username) || !isStoredCiphertext(password)) return undefined;
  if ((url !== undefined && !isText(url)) || (notes !== undefined && !isText(notes))) return undefined;
  const entry: { -readonly [K in keyof StoredPlainEntry]: StoredPlainEntry[K] } = {
    title,
    username,
    password,
    teamId,
    userId,
    groupId,
    encrypted: true,
    revision: revision ?? 0,
    createdAt,
    updatedAt,
  };
  if (format === 1) entry.format = format;
  if (url !== undefined) entry.url = url;
  if (notes !== undefined) entry.notes = notes;
  if (keyVersion !== undefined) entry.keyVersion = keyVersion;
  return entry;
}
