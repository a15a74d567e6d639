import type { Group, PasswordEntry } from './model';

// The dashboard's group filter (SPEC.md §2): 'All Passwords', 'No Group' or one group.

export type GroupFilter = { readonly kind: 'all' } | { readonly kind: 'none' } | { readonly kind: 'group'; readonly groupId: string };

export const ALL_PASSWORDS: GroupFilter = { kind: 'all' };
export const NO_GROUP: GroupFilter = { kind: 'none' };

/**
 * The entries the filter shows. 'No Group' also takes entries whose group is not (or no longer)
 * known, as the list shows them without a group and the form would save them without one.
 */
export function filterByGroup(
  entries: readonly PasswordEntry[],
  filter: GroupFilter,
  groups: readonly Group[],
): readonly PasswordEntry[] {
  switch (filter.kind) {
    case 'all':
      return entries;
    case 'group':
      return entries.filter((entry) => entry.groupId === filter.groupId);
    case 'none': {
      const known = new Set(groups.map((group) => group.id));
      return entries.filter((entry) => entry.groupId === null || !known.has(entry.groupId));
    }
  }
}
