import * as z from 'zod/mini';
import type { StoredGroup, StoredPasswordEntry } from './storedEntries';

// passwords/{id} and groups/{id} as the vault writes them (docs/vault.md); fields they do not
// name are left out of what they return.

export const storedPasswordEntrySchema: z.ZodMiniType<StoredPasswordEntry> = z.object({
  title: z.string(),
  url: z.optional(z.string()),
  notes: z.optional(z.string()),
  username: z.string(),
  password: z.string(),
  teamId: z.nullable(z.string()),
  userId: z.string(),
  groupId: z.nullable(z.string()),
  encrypted: z.literal(true),
  keyVersion: z.optional(z.number()),
  // Written before revisions existed: 0, so the first write sets 1 (docs/vault.md, "Revisions").
  revision: z._default(z.number(), 0),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export const storedGroupSchema: z.ZodMiniType<StoredGroup> = z.object({
  name: z.string(),
  description: z.optional(z.string()),
  userId: z.nullable(z.string()),
  teamId: z.nullable(z.string()),
  revision: z._default(z.number(), 0),
  createdAt: z.number(),
  updatedAt: z.number(),
});
