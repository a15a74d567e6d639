import type { Documents } from '../firestore/cursorPages';
import { idRanges, inRange, type IdRange } from '../firestore/idRanges';

// The device copy (issue #22 item 3, docs/vault.md "The device copy"): the documents the server
// last gave this browser, by vault, kept by the app itself. Firestore's own persistent cache did
// this before, and made every listener scan the whole cached collection on the main thread at
// each unlock (issue #21: tasks of 120-230 ms while the list scrolled). Every field an entry or
// group holds is sealed, so what is kept is ciphertext plus what the rules show a member anyway.

/** Slice `index` of a vault read in `of` slices: the ids of `idRanges(of)[index]`. */
export interface Slice {
  readonly index: number;
  readonly of: number;
}

/**
 * A vault the copy does not hold whole yet, being filled from the server's answers (issue #42: a
 * reload during the first unlock's fill resumes it): the slicing it is read in, and the slices
 * whose server answer is kept here whole.
 */
export interface Filling {
  readonly slices: number;
  readonly kept: readonly number[];
}

/** The ids of `slice`. */
export function rangeOf({ index, of }: Slice): IdRange {
  const ranges = idRanges(of);
  const range = ranges[index];
  if (range === undefined || ranges.length !== of) throw new RangeError(`no slice ${String(index)} of ${String(of)}`);
  return range;
}

/** The slice of `filling` whose ids are `range`, if it is kept. */
export function keptSliceAt(filling: Filling, range: IdRange): number | undefined {
  const ranges = idRanges(filling.slices);
  return filling.kept.find((index) => ranges[index]?.from === range.from && ranges[index].to === range.to);
}

/** `filling` with `slice` kept: a slice of another slicing starts the filling afresh. */
export function withKept(filling: Filling | null, { index, of }: Slice): Filling {
  if (filling === null || filling.slices !== of) return { slices: of, kept: [index] };
  return filling.kept.includes(index) ? filling : { slices: of, kept: [...filling.kept, index].sort((a, b) => a - b) };
}

/**
 * A vault of the copy is named by its key: 'entries:personal:<uid>', 'entries:team:<teamId>',
 * 'groups:…', 'teams:<uid>' (the team list), 'team:<teamId>', 'memberKeys:<teamId>', 'user:<uid>'.
 * A vault is answered whole, or slice by slice while it is being filled: until the server's answer
 * for all of it is kept here, `count` and a read of all of it answer null, and a read of a slice
 * answers only when that slice was kept whole, so part of a vault is never taken for all of it.
 */
export interface DeviceCopyStore {
  /** How many documents the copy holds of vault `key`; null when it was never kept whole here. */
  count(key: string): Promise<number | null>;
  /**
   * The documents of vault `key` (those in `range` when given), by id; null unless the vault is
   * kept whole here, or `range` is a slice its filling kept.
   */
  read(key: string, range?: IdRange): Promise<Documents | null>;
  /** How far the fill of vault `key` came; null when it is whole here or nothing of it was kept. */
  filling(key: string): Promise<Filling | null>;
  /**
   * The server's answer for vault `key` (or for its `slice`): what the copy held there is
   * replaced, and the slice is kept (Filling) once all of it is written. The vault is not whole
   * until `markWhole`.
   */
  replace(key: string, documents: Documents, slice?: Slice): Promise<void>;
  /** Changes the server sent for vault `key`. */
  apply(key: string, changed: Documents, removed: readonly string[]): Promise<void>;
  /** Vault `key` is held whole: every range of it was replaced from the server's answer. */
  markWhole(key: string): Promise<void>;
  /** The server's whole answer for a small vault (a record, a team): replaced and marked whole at once. */
  keep(key: string, documents: Documents): Promise<void>;
  /** The key of every vault the copy holds any document of, or holds whole (an empty one too). */
  vaultKeys(): Promise<string[]>;
  /** Deletes vaults `keys` from the copy: their documents and their being whole. */
  drop(keys: readonly string[]): Promise<void>;
  /** Deletes the copy from this device; the store takes no more writes afterwards. */
  clear(): Promise<void>;
}

const WHOLE: IdRange = { from: null, to: null };

/** A copy in memory: for the tiers that run in Node, and a page without IndexedDB. */
export function memoryDeviceCopy(): DeviceCopyStore {
  const vaults = new Map<string, Map<string, unknown>>();
  const whole = new Set<string>();
  const fillings = new Map<string, Filling>();
  let cleared = false;
  const vault = (key: string) => {
    let found = vaults.get(key);
    if (found === undefined) vaults.set(key, (found = new Map<string, unknown>()));
    return found;
  };
  const sorted = (key: string, range: IdRange): Documents =>
    [...vault(key).entries()].filter(([id]) => inRange(id, range)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, data]) => [id, structuredClone(data)] as const);
  const store: DeviceCopyStore = {
    count: (key) => Promise.resolve(whole.has(key) ? vault(key).size : null),
    read(key, range) {
      const filling = fillings.get(key);
      const kept = whole.has(key) || (filling !== undefined && range !== undefined && keptSliceAt(filling, range) !== undefined);
      return Promise.resolve(kept ? sorted(key, range ?? WHOLE) : null);
    },
    filling: (key) => Promise.resolve(whole.has(key) ? null : (fillings.get(key) ?? null)),
    replace(key, documents, slice) {
      if (cleared) return Promise.resolve();
      const range = slice === undefined ? WHOLE : rangeOf(slice);
      const held = vault(key);
      for (const id of [...held.keys()]) if (inRange(id, range)) held.delete(id);
      for (const [id, data] of documents) held.set(id, structuredClone(data));
      if (slice !== undefined && !whole.has(key)) fillings.set(key, withKept(fillings.get(key) ?? null, slice));
      return Promise.resolve();
    },
    apply(key, changed, removed) {
      if (cleared) return Promise.resolve();
      const held = vault(key);
      for (const id of removed) held.delete(id);
      for (const [id, data] of changed) held.set(id, structuredClone(data));
      return Promise.resolve();
    },
    markWhole(key) {
      if (!cleared) whole.add(key);
      fillings.delete(key);
      return Promise.resolve();
    },
    async keep(key, documents) {
      await store.replace(key, documents);
      await store.markWhole(key);
    },
    vaultKeys: () => Promise.resolve([...new Set([...[...vaults].filter(([, held]) => held.size > 0).map(([key]) => key), ...whole])].sort()),
    drop(keys) {
      for (const key of keys) {
        vaults.delete(key);
        whole.delete(key);
      }
      return Promise.resolve();
    },
    clear() {
      cleared = true;
      vaults.clear();
      whole.clear();
      fillings.clear();
      return Promise.resolve();
    },
  };
  return store;
}
