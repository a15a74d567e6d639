import type { ItemOverview } from '../../../crypto';
import { ITEM_KIND_NAMES } from '../items/kinds';
import type { PasswordEntry } from '../model';
import { brandName } from './itemSummary';

// Search over title, url and username, case-insensitive (SPEC.md §2 "Password list and form"), and
// over what an item's overview holds (issue #44): every URL of a login, a card's brand and last
// digits, an identity's name, an SSH key's fingerprint, and the kind's name. Never the details
// (notes, custom fields, secrets): they are not opened for the list.
// Each entry's fields are lower-cased once into a search key, kept per entries array, so a
// keystroke costs one `includes` per entry instead of three `toLowerCase` calls.

/** Separates the fields inside a key so that a query never matches across two of them. */
const FIELD_SEPARATOR = '\u0000';

export type SearchIndex = readonly string[];

const indexes = new WeakMap<readonly PasswordEntry[], SearchIndex>();

function normalise(text: string): string {
  // toLowerCase, not toLocaleLowerCase: the same key whatever the user's locale (no Turkish-i surprises).
  return text.toLowerCase();
}

/** What search finds an item by, besides its title (entry.title) and a login's first URL and username. */
function overviewTexts(overview: ItemOverview): string[] {
  const kind = overview.kind === 'login' ? [] : [ITEM_KIND_NAMES[overview.kind]];
  switch (overview.kind) {
    case 'login':
      return overview.urls.slice(1).map(({ url }) => url);
    case 'card':
      return [...kind, brandName(overview.brand), overview.last4];
    case 'identity':
      return [...kind, overview.name];
    case 'ssh':
      return [...kind, overview.fingerprint];
    case 'note':
      return kind;
  }
}

/** The lower-cased search key of each entry, in order; built once per entries array. */
export function buildSearchIndex(entries: readonly PasswordEntry[]): SearchIndex {
  const cached = indexes.get(entries);
  if (cached) return cached;
  const keys = entries.map((entry) =>
    normalise([entry.title, entry.url ?? '', entry.username, ...(entry.item === undefined ? [] : overviewTexts(entry.item))].join(FIELD_SEPARATOR)),
  );
  indexes.set(entries, keys);
  return keys;
}

/** The entries whose title, url or username contains the trimmed query; all of them for a blank query. */
export function filterEntries(entries: readonly PasswordEntry[], query: string): readonly PasswordEntry[] {
  const needle = normalise(query.trim());
  if (needle === '') return entries;
  const keys = buildSearchIndex(entries);
  return entries.filter((_, index) => keys[index]?.includes(needle) === true);
}
