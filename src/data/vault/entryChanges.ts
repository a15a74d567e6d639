import type { PasswordEntryChanges, StoredGroup, StoredPasswordEntry } from './storedEntries';

/**
 * An entry after an edit, as SPEC.md §7 defines updates: only the given fields change, updatedAt
 * is set, encrypted stays true and revision advances by one. Fields listed in `remove` are dropped (an emptied url or notes).
 */
export function applyEntryChanges(entry: StoredPasswordEntry, changes: PasswordEntryChanges, now: number): StoredPasswordEntry {
  // revision is not among the changes: the repository advances it.
  const { remove = [], ...fields } = changes;
  const { url, notes, ...base } = { ...entry, ...fields };
  return {
    ...base,
    ...(url === undefined || remove.includes('url') ? {} : { url }),
    ...(notes === undefined || remove.includes('notes') ? {} : { notes }),
    updatedAt: now,
    encrypted: true,
    revision: entry.revision + 1,
  };
}

/** A group after an edit: name and description replaced (an absent description is removed). */
export function applyGroupChanges(
  group: StoredGroup,
  changes: { readonly name: string; readonly description?: string },
  now: number,
): StoredGroup {
  const { description, ...base } = group;
  return {
    ...base,
    name: changes.name,
    ...(changes.description === undefined ? {} : { description: changes.description }),
    updatedAt: now,
    revision: group.revision + 1,
  };
}
