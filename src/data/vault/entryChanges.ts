import { storedGroupSchema, storedPasswordEntrySchema } from './entrySchemas';
import { isSealedEntry, type GroupChanges, type PasswordEntryChanges, type StoredGroup, type StoredPasswordEntry } from './storedEntries';

/**
 * An entry after an edit, as SPEC.md §7 defines updates: only the given fields change, updatedAt
 * is set, encrypted stays true and revision advances by one. Fields listed in `remove` are dropped
 * (an emptied url or notes, or the other format's fields when an edit seals a format-1 entry), as
 * Firestore's deleteField drops them. An edit that would leave a document mixing the two formats
 * is a bug in the writer: it throws rather than store what every reader would call malformed.
 */
export function applyEntryChanges(entry: StoredPasswordEntry, changes: PasswordEntryChanges, now: number): StoredPasswordEntry {
  // revision is not among the changes: the repository advances it.
  const { remove = [], ...fields } = keptParts(entry, changes);
  const removed: ReadonlySet<string> = new Set(remove);
  const next: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries({ ...entry, ...fields }).filter(([name]) => !removed.has(name))),
    updatedAt: now,
    encrypted: true,
    revision: entry.revision + 1,
  };
  const read = storedPasswordEntrySchema.safeParse(next);
  if (!read.success) throw new Error(`An edit of an entry would store neither format: ${read.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  // The schema reads; the stored object is the edited one as it is, as Firestore would hold it.
  return next as unknown as StoredPasswordEntry;
}

/**
 * The changes to write over `stored`, without `unchanged`: each part it names is left as stored
 * when the stored entry is sealed at the key version the edit writes, so a part's ciphertext changes
 * only where its content did. The rules compare the ciphertexts with the edit's activity-log event
 * (issue #41, docs/audit-log.md). Under another key version, or over format 1, the new seal is written.
 */
export function keptParts(stored: StoredPasswordEntry, changes: PasswordEntryChanges): PasswordEntryChanges {
  const { unchanged = [], ...rest } = changes;
  if (!isSealedEntry(stored) || stored.keyVersion !== changes.keyVersion) return rest;
  const kept = new Set<string>(unchanged);
  return Object.fromEntries(Object.entries(rest).filter(([name]) => !kept.has(name)));
}

/**
 * A group after an edit, as Firestore would hold it: the given fields set, those in `remove`
 * dropped, updatedAt and revision advanced. As for entries, an edit that would leave neither
 * format is a bug in the writer and throws.
 */
export function applyGroupChanges(group: StoredGroup, changes: GroupChanges, now: number): StoredGroup {
  const { remove = [], ...fields } = changes;
  const removed: ReadonlySet<string> = new Set(remove);
  const next: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries({ ...group, ...fields }).filter(([name]) => !removed.has(name))),
    updatedAt: now,
    revision: group.revision + 1,
  };
  const read = storedGroupSchema.safeParse(next);
  if (!read.success) throw new Error(`An edit of a group would store neither format: ${read.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  return next as unknown as StoredGroup;
}
