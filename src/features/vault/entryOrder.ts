import type { PasswordEntry } from './model';

// The order of a vault's list: by title, then by document id, titles compared by code point (the
// order Firestore gave when it could still read titles; a sealed title is known only here). A
// vault loads a page at a time (issue #18): each page is put in this order and merged into the
// rows already shown, so a row never moves because a later page arrived, only makes room.

/** Orders surrogates (U+D800–U+DFFF, which code astral characters) after U+E000–U+FFFF, as code points do. */
const codePointRank = (unit: number): number => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/** Negative, zero or positive as `a` comes before, with or after `b` by code point. */
export function compareTitles(a: string, b: string): number {
  if (a === b) return 0;
  const shorter = Math.min(a.length, b.length);
  for (let index = 0; index < shorter; index += 1) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left !== right) return codePointRank(left) - codePointRank(right);
  }
  return a.length - b.length;
}

/** Title by code point, then id. */
export function compareEntries(a: PasswordEntry, b: PasswordEntry): number {
  return compareTitles(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A character at or above U+D800: where UTF-16 code units and code points may order differently. */
const BEYOND_PLAIN_ORDER = /[\uD800-\uFFFF]/;

/** compareEntries for titles with no character at or above U+D800, where code units order as code points do. */
const compareByUnits = (a: PasswordEntry, b: PasswordEntry): number =>
  a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Sorts `entries` in place in compareEntries order. The engine's own string comparison orders by
 * UTF-16 code unit, which is code point order unless a surrogate meets a character from U+E000
 * up; when no title has either, it is used (a 10,000-entry load's sort took a third of the time).
 */
export function sortEntries<T extends PasswordEntry>(entries: T[]): T[] {
  return entries.sort(entries.some((entry) => BEYOND_PLAIN_ORDER.test(entry.title)) ? compareEntries : compareByUnits);
}

/**
 * `shown` and `page`, each already in compareEntries order, merged into one list in that order. A
 * page is small beside a large vault's rows: each of its entries finds its place by binary search
 * from the last one's, so a merge costs a few thousand comparisons and one copy of the rows, not a
 * comparison per row shown.
 */
export function mergeInOrder(shown: readonly PasswordEntry[], page: readonly PasswordEntry[]): PasswordEntry[] {
  // Runs of rows and the page's entries between them, joined by one native concat.
  const parts: (PasswordEntry[] | PasswordEntry)[] = [];
  let from = 0;
  for (const entry of page) {
    // The first row after `entry` (an equal row stays first).
    let low = from;
    let high = shown.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareEntries(shown[middle] as PasswordEntry, entry) <= 0) low = middle + 1;
      else high = middle;
    }
    if (low > from) parts.push(shown.slice(from, low));
    parts.push(entry);
    from = low;
  }
  if (from < shown.length) parts.push(shown.slice(from));
  return ([] as PasswordEntry[]).concat(...parts);
}

/**
 * Several lists, each in compareEntries order, as one list in that order (All items: the personal
 * vault and every team). Each is merged into the running result as a page would be.
 */
export function mergeLists(lists: readonly (readonly PasswordEntry[])[]): readonly PasswordEntry[] {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return nonEmpty[0] as readonly PasswordEntry[];
  // Largest first: the smaller lists are the ones searched into it.
  const [largest, ...rest] = [...nonEmpty].sort((a, b) => b.length - a.length);
  return rest.reduce<readonly PasswordEntry[]>((merged, list) => mergeInOrder(merged, list), largest as readonly PasswordEntry[]);
}
