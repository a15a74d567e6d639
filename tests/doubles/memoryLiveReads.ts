// The live reads of the vault (issue #22) in memory: what the Firestore repositories do with
// snapshot listeners (src/data/firestore/liveListings.ts), over the doubles' documents. A read is
// cut into slices of the id space, each holding `perSlice` of the documents found when it starts
// (Firestore cuts at fixed id prefixes; here the cuts are chosen from the ids, so a test knows
// what each slice holds). Changes reach a slice's watcher in a later microtask, a batch per slice,
// as Firestore delivers a snapshot after the write.
import type { Listing, ListingWatcher, StopWatching } from '../../src/data/vault/storedEntries';

type Documents = (readonly [string, unknown])[];

/** What a live read watches: the documents it finds, each as stored now, and word of every write. */
export interface LiveSource {
  /** Every document the read finds now. */
  documents(): Documents;
  /** The document `id` as stored now if the read finds it (the same object until it is written again), else undefined. */
  current(id: string): unknown;
  /** Calls `changed` with the id of every document written or deleted; returns the unsubscription. */
  observe(changed: (id: string) => void): () => void;
}

export interface MemoryWatchOptions {
  /** Documents per slice (at least one slice). */
  readonly perSlice: number;
  /** Awaited before slice `index` hands over its first documents; a rejection ends the read with that error. */
  readonly beforeSlice?: ((index: number) => Promise<void>) | null;
}

/** Called by a test to end every live read with an error, as Firestore does when the rules stop allowing it. */
export type EndWatches = (error: Error) => void;

/**
 * What the repository holding the reads lets a test do with them: end them with an error, or hold
 * back the changes they deliver (a listener lagging behind the writes, as on a slow network).
 */
export interface LiveReadControl {
  /** Registers the read's end; returns the unregistration. */
  register(end: EndWatches): () => void;
  /** Runs `deliver` now, or when the test lets changes through again. */
  whenFlowing(deliver: () => void): void;
}

export function watchInMemory<T>(
  source: LiveSource,
  read: (documents: Documents) => Listing<T>,
  watcher: ListingWatcher<T>,
  { perSlice, beforeSlice = null }: MemoryWatchOptions,
  control?: LiveReadControl,
): StopWatching {
  let over = false;
  const isOver = () => over;
  const held = new Map<string, unknown>();
  const pending = new Set<string>();
  let cuts: string[] = [];
  const liveSlices = new Set<number>();
  const sliceOf = (id: string) => {
    let slice = 0;
    while (slice < cuts.length && id >= (cuts[slice] as string)) slice += 1;
    return slice;
  };
  const stopObserving = source.observe((id) => {
    if (over || !liveSlices.has(sliceOf(id))) return;
    if (pending.size === 0) {
      queueMicrotask(() => {
        if (control === undefined) flush();
        else control.whenFlowing(flush);
      });
    }
    pending.add(id);
  });
  const stopEnding = control?.register((error) => {
    fail(error);
  });
  const stop = () => {
    over = true;
    stopObserving();
    stopEnding?.();
  };
  const fail = (error: Error) => {
    if (over) return;
    stop();
    watcher.onError(error);
  };
  function flush() {
    if (over) return;
    const bySlice = new Map<number, { changed: Documents; removed: string[] }>();
    for (const id of pending) {
      const now = source.current(id);
      const before = held.get(id);
      if (now === before) continue;
      const slice = sliceOf(id);
      const batch = bySlice.get(slice) ?? { changed: [], removed: [] };
      bySlice.set(slice, batch);
      if (now === undefined) {
        held.delete(id);
        batch.removed.push(id);
      } else {
        held.set(id, now);
        batch.changed.push([id, now]);
      }
    }
    pending.clear();
    for (const [slice, { changed, removed }] of bySlice) {
      // A watcher may stop the read from inside onChanges.
      if (isOver()) return;
      watcher.onChanges({ slice, slices: cuts.length + 1, first: false, changed: read(changed), removed });
    }
  }
  void Promise.resolve().then(() => {
    if (over) return;
    const ids = source
      .documents()
      .map(([id]) => id)
      .sort();
    const slices = Math.max(1, Math.ceil(ids.length / perSlice));
    cuts = Array.from({ length: slices - 1 }, (_, index) => ids[(index + 1) * perSlice] as string);
    for (let slice = 0; slice < slices; slice += 1) {
      (beforeSlice?.(slice) ?? Promise.resolve()).then(
        () => {
          if (over) return;
          const documents = source.documents().filter(([id]) => sliceOf(id) === slice);
          for (const [id, data] of documents) held.set(id, data);
          liveSlices.add(slice);
          watcher.onChanges({ slice, slices, first: true, changed: read(documents), removed: [] });
        },
        (error: unknown) => {
          fail(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }
  });
  return stop;
}
