import { documentId, getCountFromServer, onSnapshot, query, where, type Query } from 'firebase/firestore';
import type { Listing, ListingWatcher, StopWatching } from '../vault/storedEntries';
import type { Documents } from './cursorPages';
import { openFromDevice, versionOf, versionsOf, type DeviceRead } from './deviceOpening';
import { ENTRIES_PER_RANGE, idRanges, rangeCountFor, type IdRange } from './idRanges';
import { guarded, type Guard } from './liveServer';

// Live reads of the vault on Firestore (issue #22): snapshot listeners, each snapshot's changes
// read through the schema as a list read is, so a damaged document is one damaged entry.

export { ANSWER_WAIT_MS } from './liveServer';
export type { DeviceRead } from './deviceOpening';

/** `filtered` narrowed to the ids of `range` (the document id's own index: no composite index needed). */
function inIdRange(filtered: Query, { from, to }: IdRange): Query {
  const bounds = [...(from === null ? [] : [where(documentId(), '>=', from)]), ...(to === null ? [] : [where(documentId(), '<', to)])];
  return bounds.length === 0 ? filtered : query(filtered, ...bounds);
}

/** What one listener reports: its first answer from the server (every document), then changes. */
interface SliceEvents {
  first(documents: Documents): void;
  changes(changed: Documents, removed: readonly string[]): void;
  /** A snapshot after the first came from the cache (the stream to the server was lost) or from the server. */
  source(fromCache: boolean): void;
  error(error: Error): void;
}

/** One listener on `target`; returns its stop. */
function listen(target: Query, events: SliceEvents): StopWatching {
  let first = true;
  // Documents this tab has written and the server has not yet confirmed: handed over once it has.
  const unconfirmed = new Set<string>();
  // Metadata changes too: the first answer handed over is the server's, and it may come as a
  // metadata-only change after one from the cache; a write's confirmation is one as well.
  return onSnapshot(
    target,
    { includeMetadataChanges: true },
    (snapshot) => {
      if (first) {
        // The SDK may answer a new listener from its cache first (offline, or from what this tab
        // wrote or another read left): that would pass part of a vault, or none of it, for the
        // whole (issue #18). The first hand-over is the server's answer, every document in it.
        if (snapshot.metadata.fromCache) return;
        first = false;
        const documents: Documents = [];
        for (const document of snapshot.docs) {
          if (document.metadata.hasPendingWrites) unconfirmed.add(document.id);
          else documents.push([document.id, document.data()]);
        }
        events.first(documents);
        return;
      }
      events.source(snapshot.metadata.fromCache);
      const changed: Documents = [];
      const removed: string[] = [];
      const dataChanged = new Set(snapshot.docChanges().map((change) => change.doc.id));
      for (const change of snapshot.docChanges({ includeMetadataChanges: true })) {
        const { id } = change.doc;
        if (change.type === 'removed') {
          unconfirmed.delete(id);
          removed.push(id);
        } else if (change.doc.metadata.hasPendingWrites) {
          // What this tab wrote, before the server has it: a list that showed it could lose it
          // (a reload now drops the write) or show what the server then refuses.
          unconfirmed.add(id);
        } else if (dataChanged.has(id) || unconfirmed.delete(id)) {
          // A change, or this tab's write confirmed. Not other metadata-only changes (the cache
          // state flipping on reconnect): the documents are the same.
          changed.push([id, change.doc.data()]);
        }
      }
      if (changed.length > 0 || removed.length > 0) events.changes(changed, removed);
    },
    (error) => {
      events.error(error);
    },
  );
}

/** A write to the copy that failed: the copy is behind, never wrong (store.ts), so the read goes on. */
function copyWriteFailed(error: unknown): void {
  console.warn('Could not keep the vault in the device copy', error);
}

/**
 * Slices listened to at once while a read starts: the next one starts as one of them first
 * answers. All 32 slices of a 10,000-entry vault started at once failed in the browser as one
 * query for all of it had (issue #18): the listen stream, which carries every target of the
 * Firestore instance, errored with HTTP 400 again and again while their first answers streamed
 * in together. Two at a time keep the stream's answers the size of a page, and the next slice is
 * being answered while this one is decrypted.
 */
export const SLICES_AT_ONCE = 2;

/**
 * Listens to `ranges` of `filtered`, SLICES_AT_ONCE at a time. Without `shown`, each slice's first
 * server answer is handed over as its first call. With `shown` (the documents already handed over
 * from the device, by slice), the server's answer is handed over as the change from them: what is
 * new or newer, and what the server no longer has.
 */
function listenToSlices<T>(
  filtered: Query,
  ranges: readonly IdRange[],
  read: (documents: Documents) => Listing<T>,
  guard: Guard<T>,
  shown: readonly (Map<string, string | null> | undefined)[] | null,
  device: DeviceRead | undefined,
): StopWatching {
  const stops: StopWatching[] = [];
  // Slices the device showed nothing of are asked first: until they answer the list is incomplete.
  const order = [...ranges.keys()].sort((a, b) => Number(shown?.[a] !== undefined) - Number(shown?.[b] !== undefined));
  let started = 0;
  let answered = 0;
  // The copy's writes of the slices' first answers: the vault is whole there once all are in.
  const kept: Promise<void>[] = [];
  const startNext = () => {
    const slice = order[started];
    const range = slice === undefined ? undefined : ranges[slice];
    if (slice === undefined || range === undefined || guard.isOver()) return;
    started += 1;
    const slices = ranges.length;
    stops.push(
      listen(inIdRange(filtered, range), {
        first: (found) => {
          if (guard.isOver()) return;
          guard.answeredFromServer(slice);
          const before = shown?.[slice];
          if (before === undefined) {
            if (device !== undefined) kept.push(device.copy.replace(device.key, found, { index: slice, of: slices }));
            guard.sliceWatcher.onChanges({ slice, slices, first: true, changed: read(found), removed: [] });
          } else {
            const now = new Set(found.map(([id]) => id));
            const changed = found.filter(([id, data]) => !before.has(id) || before.get(id) === null || before.get(id) !== versionOf(data));
            const removed = [...before.keys()].filter((id) => !now.has(id));
            // Only what changed is written: the copy already holds the rest.
            if (device !== undefined) kept.push(device.copy.apply(device.key, changed, removed));
            if (changed.length > 0 || removed.length > 0) guard.sliceWatcher.onChanges({ slice, slices, first: false, changed: read(changed), removed });
          }
          answered += 1;
          if (answered === slices && device !== undefined) {
            Promise.all(kept)
              .then(() => device.copy.markWhole(device.key))
              .catch(copyWriteFailed);
          }
          startNext();
        },
        changes: (changed, removed) => {
          device?.copy.apply(device.key, changed, removed).catch(copyWriteFailed);
          guard.sliceWatcher.onChanges({ slice, slices, first: false, changed: read(changed), removed });
        },
        source: (fromCache) => {
          if (fromCache) guard.offline();
          else guard.heard();
        },
        error: (error) => {
          guard.sliceWatcher.onError(error);
        },
      }),
    );
  };
  for (let opened = 0; opened < SLICES_AT_ONCE; opened += 1) startNext();
  return () => {
    for (const stopOne of stops.splice(0)) stopOne();
  };
}

/**
 * Everything `filtered` finds, live, in slices of the id space (idRanges.ts). The slices are sized
 * by a count the server makes first (billed one read per thousand documents), started
 * SLICES_AT_ONCE at a time. With `device`, a vault this browser holds whole in its device copy
 * opens from it at once, sliced by the copy's size (no count), and the server's answers follow as
 * changes; a fill the page left halfway opens its kept slices the same way, in the slicing it was
 * filled in, and the rest is asked first (deviceOpening.ts). Every answer is kept in the copy, and a
 * read every slice of which has answered leaves the vault whole there. The first error of any listener ends the read: every listener stops, and
 * onError is called once.
 */
export function watchSliced<T>(
  filtered: Query,
  read: (documents: Documents) => Listing<T>,
  watcher: ListingWatcher<T>,
  perRange = ENTRIES_PER_RANGE,
  device?: DeviceRead,
): StopWatching {
  let stopSlices: StopWatching = () => undefined;
  let slices: number | null = null;
  const guard = guarded(filtered.firestore, watcher, () => {
    stopSlices();
  }, () => slices);
  const start = async () => {
    await guard.ready();
    if (device !== undefined) {
      const opened = await openFromDevice(device, perRange, read, guard);
      if (guard.isOver()) return;
      if (opened !== null) {
        slices = opened.ranges.length;
        stopSlices = listenToSlices(filtered, opened.ranges, read, guard, opened.shown, device);
        return;
      }
    }
    const counted = await getCountFromServer(filtered);
    if (guard.isOver()) return;
    guard.heard();
    const ranges = idRanges(rangeCountFor(counted.data().count, perRange));
    slices = ranges.length;
    stopSlices = listenToSlices(filtered, ranges, read, guard, null, device);
  };
  start().catch((error: unknown) => {
    guard.fail(error instanceof Error ? error : new Error(String(error)));
  });
  return guard.stop;
}

/** Everything `filtered` finds, live, as one slice: for the few documents of a vault's groups. */
export function watchWhole<T>(filtered: Query, read: (documents: Documents) => Listing<T>, watcher: ListingWatcher<T>, device?: DeviceRead): StopWatching {
  let stopSlices: StopWatching = () => undefined;
  const guard = guarded(filtered.firestore, watcher, () => {
    stopSlices();
  }, () => 1);
  const ranges = idRanges(1);
  const start = async () => {
    await guard.ready();
    const copy = device === undefined ? null : await device.copy.read(device.key).catch(() => null);
    if (guard.isOver()) return;
    if (copy !== null) {
      guard.shownFromDevice();
      guard.sliceWatcher.onChanges({ slice: 0, slices: 1, first: true, changed: read(copy), removed: [] });
    }
    stopSlices = listenToSlices(filtered, ranges, read, guard, copy === null ? null : [versionsOf(copy)], device);
  };
  start().catch((error: unknown) => {
    guard.fail(error instanceof Error ? error : new Error(String(error)));
  });
  return guard.stop;
}
