import { documentId, getCountFromServer, onSnapshot, query, where, type Query } from 'firebase/firestore';
import type { Listing, ListingWatcher, StopWatching } from '../vault/storedEntries';
import type { Documents } from './cursorPages';
import { ENTRIES_PER_RANGE, idRanges, rangeCountFor, type IdRange } from './idRanges';

// Live reads of the vault on Firestore (issue #22): snapshot listeners, each snapshot's changes
// read through the schema as a list read is, so a damaged document is one damaged entry.

/** `filtered` narrowed to the ids of `range` (the document id's own index: no composite index needed). */
function inIdRange(filtered: Query, { from, to }: IdRange): Query {
  const bounds = [...(from === null ? [] : [where(documentId(), '>=', from)]), ...(to === null ? [] : [where(documentId(), '<', to)])];
  return bounds.length === 0 ? filtered : query(filtered, ...bounds);
}

/** One listener on `target` as slice `slice` of `slices`; returns its stop. */
function listen<T>(target: Query, slice: number, slices: number, read: (documents: Documents) => Listing<T>, watcher: ListingWatcher<T>): StopWatching {
  let first = true;
  const late = setTimeout(() => {
    if (first) watcher.onError(noAnswer(ANSWER_WAIT_MS));
  }, ANSWER_WAIT_MS);
  // Metadata changes too: the first answer handed over is the server's, and it may come as a
  // metadata-only change after one from the cache.
  const unsubscribe = onSnapshot(
    target,
    { includeMetadataChanges: true },
    (snapshot) => {
      if (first) {
        // The SDK may answer a new listener from its cache first (offline, or from what this tab
        // wrote or another read left): that would pass part of a vault, or none of it, for the
        // whole (issue #18). The first hand-over is the server's answer, every document in it.
        if (snapshot.metadata.fromCache) return;
        first = false;
        clearTimeout(late);
        const documents: Documents = snapshot.docs.map((document) => [document.id, document.data()] as const);
        watcher.onChanges({ slice, slices, first: true, changed: read(documents), removed: [] });
        return;
      }
      const changed: Documents = [];
      const removed: string[] = [];
      // Not the metadata-only changes (a write of this tab confirmed): the documents are the same.
      for (const change of snapshot.docChanges()) {
        if (change.type === 'removed') removed.push(change.doc.id);
        else changed.push([change.doc.id, change.doc.data()]);
      }
      if (changed.length === 0 && removed.length === 0) return;
      watcher.onChanges({ slice, slices, first: false, changed: read(changed), removed });
    },
    (error) => {
      clearTimeout(late);
      watcher.onError(error);
    },
  );
  return () => {
    clearTimeout(late);
    unsubscribe();
  };
}

/** Everything `filtered` finds, live, as one slice: for the few documents of a vault's groups. */
export function watchWhole<T>(filtered: Query, read: (documents: Documents) => Listing<T>, watcher: ListingWatcher<T>): StopWatching {
  return listen(filtered, 0, 1, read, watcher);
}

/**
 * How long the count, and then each listener's first answer from the server, may take before the
 * read is called failed. Offline, a listener waits for the network (it answers only from the
 * cache, which a first answer must not be): without a limit the screen would say 'Loading' for
 * ever. With it, the vault says it could not load, with Try again.
 */
export const ANSWER_WAIT_MS = 15_000;

const noAnswer = (ms: number) => new Error(`No answer from the server within ${String(ms / 1000)} s (offline?)`);

function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(noAnswer(ms));
    }, ms);
  });
  return Promise.race([answer, late]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * Everything `filtered` finds, live, in slices of the id space (idRanges.ts) sized by a count the
 * server makes first (billed one read per thousand documents). The first error of any listener
 * ends the read: every listener stops, and onError is called once.
 */
export function watchSliced<T>(
  filtered: Query,
  read: (documents: Documents) => Listing<T>,
  watcher: ListingWatcher<T>,
  perRange = ENTRIES_PER_RANGE,
): StopWatching {
  const stops: StopWatching[] = [];
  let over = false;
  const stop = () => {
    over = true;
    for (const stopOne of stops.splice(0)) stopOne();
  };
  const fail = (error: Error) => {
    if (over) return;
    stop();
    watcher.onError(error);
  };
  const sliceWatcher: ListingWatcher<T> = {
    onChanges: (changes) => {
      if (!over) watcher.onChanges(changes);
    },
    onError: fail,
  };
  answerWithin(getCountFromServer(filtered), ANSWER_WAIT_MS).then(
    (counted) => {
      if (over) return;
      const ranges = idRanges(rangeCountFor(counted.data().count, perRange));
      ranges.forEach((range, slice) => {
        stops.push(listen(inIdRange(filtered, range), slice, ranges.length, read, sliceWatcher));
      });
    },
    (error: unknown) => {
      fail(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return stop;
}
