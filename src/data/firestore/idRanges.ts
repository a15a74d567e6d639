// Live reads of a vault (issue #22) listen to slices of the document-id space, one listener per
// slice: one listener for a whole vault of 10,000 entries failed on the listen stream (issue #18),
// and a limit() page cannot be listened to (an entry added inside a page pushes its last one out
// of every page). Firestore's automatic ids are 20 characters drawn evenly from 62, so slices cut
// at evenly spaced two-character prefixes hold about the same number of entries; an id of any
// other shape still falls in exactly one slice (the first has no lower bound, the last no upper).

/** Ids from `from` (inclusive, null: no lower bound) up to `to` (exclusive, null: no upper bound), in code point order. */
export interface IdRange {
  readonly from: string | null;
  readonly to: string | null;
}

/** Entries one listener is given, about: a page of the paged read (ENTRY_PAGE_SIZE). */
export const ENTRIES_PER_RANGE = 300;
/**
 * At most this many listeners for one vault: each is a target on the one listen stream, and
 * Firestore advises against hundreds per client. 32 covers 9,600 entries at the size above;
 * larger vaults give each listener more.
 */
export const MAX_RANGES = 32;

/** The characters of Firestore's automatic ids, in code point order (how it orders ids). */
const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PREFIXES = ID_ALPHABET.length * ID_ALPHABET.length;

/** How many listeners a vault of `entries` is read through, at `perRange` entries each. */
export function rangeCountFor(entries: number, perRange = ENTRIES_PER_RANGE): number {
  return Math.min(MAX_RANGES, Math.max(1, Math.ceil(entries / perRange)));
}

function prefixAt(position: number): string {
  return `${ID_ALPHABET[Math.floor(position / ID_ALPHABET.length)] ?? ''}${ID_ALPHABET[position % ID_ALPHABET.length] ?? ''}`;
}

/**
 * `count` slices covering every id once, in order. The same count always gives the same slices,
 * so a device copy of the vault (issue #22) finds the same queries at the next unlock.
 */
export function idRanges(count: number): IdRange[] {
  const slices = Math.min(MAX_RANGES, Math.max(1, Math.floor(count)));
  const cuts = Array.from({ length: slices - 1 }, (_, index) => prefixAt(Math.round(((index + 1) * PREFIXES) / slices)));
  return Array.from({ length: slices }, (_, index) => ({ from: index === 0 ? null : (cuts[index - 1] ?? null), to: cuts[index] ?? null }));
}

/** True when `id` lies in `range`. */
export function inRange(id: string, { from, to }: IdRange): boolean {
  return (from === null || id >= from) && (to === null || id < to);
}
