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
  return onSnapshot(
    target,
    (snapshot) => {
      const changed: Documents = [];
      const removed: string[] = [];
      for (const change of snapshot.docChanges()) {
        if (change.type === 'removed') removed.push(change.doc.id);
        else changed.push([change.doc.id, change.doc.data()]);
      }
      const isFirst = first;
      first = false;
      watcher.onChanges({ slice, slices, first: isFirst, changed: read(changed), removed });
    },
    (error) => {
      watcher.onError(error);
    },
  );
}

/** Everything `filtered` finds, live, as one slice: for the few documents of a vault's groups. */
export function watchWhole<T>(filtered: Query, read: (documents: Documents) => Listing<T>, watcher: ListingWatcher<T>): StopWatching {
  return listen(filtered, 0, 1, read, watcher);
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
  getCountFromServer(filtered).then(
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
