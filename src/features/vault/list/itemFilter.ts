import { createContext } from 'react';
import { ITEM_KINDS, type ItemKind } from '../items/kinds';
import type { PasswordEntry } from '../model';

// The sidebar's kind filter (issue #44): every item, the favourites, or one kind. It narrows
// whichever list is on screen (a vault, a group, All items), before the search; the screen holds
// it in ItemFilterContext, so the sidebar and the lists agree without a prop through each panel.

export type ItemFilter = 'all' | 'favourites' | ItemKind;

/** In the sidebar's order: Favourites, then the kinds as 'New item' offers them. */
export const ITEM_FILTERS: readonly Exclude<ItemFilter, 'all'>[] = ['favourites', ...ITEM_KINDS];

export const ITEM_FILTER_NAMES: Readonly<Record<Exclude<ItemFilter, 'all'>, string>> = {
  favourites: 'Favourites',
  login: 'Logins',
  note: 'Secure notes',
  card: 'Cards',
  identity: 'Identities',
  ssh: 'SSH keys',
};

/** An entry's kind: a format-1 or -2 entry, and one whose document is damaged, are logins. */
export function kindOf(entry: PasswordEntry): ItemKind {
  return entry.item?.kind ?? 'login';
}

export function matchesItemFilter(entry: PasswordEntry, filter: ItemFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'favourites') return entry.item?.favourite === true;
  return kindOf(entry) === filter;
}

const filtered = new WeakMap<readonly PasswordEntry[], Map<ItemFilter, readonly PasswordEntry[]>>();

/** The entries the filter shows, the same array for the same list and filter (the search's index is kept per array). */
export function filterByItem(entries: readonly PasswordEntry[], filter: ItemFilter): readonly PasswordEntry[] {
  if (filter === 'all') return entries;
  let byFilter = filtered.get(entries);
  if (byFilter === undefined) {
    byFilter = new Map();
    filtered.set(entries, byFilter);
  }
  const known = byFilter.get(filter);
  if (known !== undefined) return known;
  const shown = entries.filter((entry) => matchesItemFilter(entry, filter));
  byFilter.set(filter, shown);
  return shown;
}

/** How many items of the list on screen each of the sidebar's filters shows. */
export type ItemCounts = Readonly<Record<Exclude<ItemFilter, 'all'>, number>>;

const counted = new WeakMap<readonly PasswordEntry[], ItemCounts>();

/** The favourites and the items of each kind in a list, counted once per list (the sidebar renders on every page of a load). */
export function countItems(entries: readonly PasswordEntry[]): ItemCounts {
  const known = counted.get(entries);
  if (known !== undefined) return known;
  const counts = { favourites: 0, login: 0, note: 0, card: 0, identity: 0, ssh: 0 };
  for (const entry of entries) {
    counts[kindOf(entry)] += 1;
    if (entry.item?.favourite === true) counts.favourites += 1;
  }
  counted.set(entries, counts);
  return counts;
}

export interface ItemFilterState {
  readonly filter: ItemFilter;
  readonly onFilter: (filter: ItemFilter) => void;
  /** The counts of the list on screen, shown beside each filter; null or absent while no list is (or it is still loading). */
  readonly counts?: ItemCounts | null;
  /** A list on screen says its counts (null as it goes); absent, nobody shows them. */
  readonly onCounts?: (counts: ItemCounts | null) => void;
}

/** Outside a provider (a list on its own, in tests) every item shows. */
export const ItemFilterContext = createContext<ItemFilterState>({
  filter: 'all',
  onFilter: () => {
    // No filter to change.
  },
});
