import * as z from 'zod/mini';
import type { StoredGroup, StoredPasswordEntry } from './storedEntries';

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

// A field of the other format present at all (even null) makes the document malformed: a part
// sealed beside a clear title, or a clear title beside sealed parts, is neither format.
const absent = z.optional(z.never());

const storedPlainEntrySchema = z.object({
  format: z.optional(z.literal(1)),
  title: z.string(),
  url: z.optional(z.string()),
  notes: z.optional(z.string()),
  username: z.string(),
  password: z.string(),
  overview: absent,
  details: absent,
  ...entryCommon,
});

const storedSealedEntrySchema = z.object({
  format: z.literal(2),
  overview: z.string(),
  details: z.string(),
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

/** What a list shows for a malformed entry document: its clear title, unless it claims the sealed format. */
export function entryLabel(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { format, title } = data as Record<string, unknown>;
  // A document that says it is sealed has no title in clear to trust.
  if (format === 2) return null;
  return typeof title === 'string' ? title : null;
}

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
  sealed: z.string(),
  keyVersion: z.optional(z.number()),
  name: absent,
  description: absent,
  ...groupCommon,
});

/** Format 1 (clear name) or format 2 (sealed name and description), chosen by `format` as for entries. */
export const storedGroupSchema: z.ZodMiniType<StoredGroup> = z.discriminatedUnion('format', [storedPlainGroupSchema, storedSealedGroupSchema]);

/** What a list shows for a malformed group document: its clear name, unless it claims the sealed format. */
export function groupLabel(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { format, name } = data as Record<string, unknown>;
  if (format === 2) return null;
  return typeof name === 'string' ? name : null;
}
