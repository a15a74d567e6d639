import { disableNetwork, documentId, enableNetwork, getCountFromServer, onSnapshot, query, where, type Firestore, type Query } from 'firebase/firestore';
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
        watcher.onChanges({ slice, slices, first: true, changed: read(documents), removed: [] });
        return;
      }
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
      if (changed.length === 0 && removed.length === 0) return;
      watcher.onChanges({ slice, slices, first: false, changed: read(changed), removed });
    },
    (error) => {
      watcher.onError(error);
    },
  );
}

/** Everything `filtered` finds, live, as one slice: for the few documents of a vault's groups. */
export function watchWhole<T>(filtered: Query, read: (documents: Documents) => Listing<T>, watcher: ListingWatcher<T>): StopWatching {
  let stopListening: StopWatching = () => undefined;
  const guard = guarded(filtered.firestore, watcher, () => {
    stopListening();
  });
  guard.ready().then(
    () => {
      if (!guard.isOver()) stopListening = listen(filtered, 0, 1, read, guard.sliceWatcher);
    },
    (error: unknown) => {
      guard.fail(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return guard.stop;
}

/**
 * How long a read may wait for its first answers while the server answers nothing at all (no
 * count, no first answer of any read on the same Firestore instance) before it is called failed.
 * Offline, a listener waits for the network (it answers only from the cache, which a first answer
 * must not be): without a limit the screen would say 'Loading' for ever; with it, the vault says
 * it could not load, with Try again. Any answer counts, not only this read's: the server answers
 * the targets of one listen stream one after another (the emulator took 6 s for the 32 slices of
 * a 10,000-entry vault, and a team's groups waited behind them), and a server that is answering
 * is not offline.
 */
export const ANSWER_WAIT_MS = 15_000;

const noAnswer = (ms: number) => Object.assign(new Error(`No answer from the server within ${String(ms / 1000)} s (offline?)`), { code: 'unavailable' });

/**
 * A read that failed for want of the server (our wait ran out, or the SDK gave up on a count):
 * only then is the connection started afresh for the next read. Not for a refused read (a member
 * removed from a team): restarting the network fails every other server read then in flight.
 */
function isUnreachable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'unavailable' || code === 'deadline-exceeded';
}

/** What the live reads of one Firestore instance share: who waits for answers, and whether a read failed. */
interface ServerState {
  readonly listeners: Set<() => void>;
  failed: boolean;
}

const servers = new WeakMap<Firestore, ServerState>();

interface Server {
  /** An answer came: every read's wait starts again. */
  readonly heard: () => void;
  readonly onHeard: (listener: () => void) => () => void;
  /** A read failed for want of the server: the next one starts the connection afresh (ready). */
  readonly failed: () => void;
  /**
   * Resolves when a new read may listen. After a failed read, the SDK's listen stream may be
   * waiting out its backoff (up to a minute after repeated failures), and a new listener would
   * wait with it: Try again would seem to do nothing. Taking the network down and up again
   * resets the backoff (other reads see a moment of cache answers, which they pass over).
   */
  readonly ready: () => Promise<void>;
}

function serverOf(db: Firestore): Server {
  let state = servers.get(db);
  if (state === undefined) {
    state = { listeners: new Set(), failed: false };
    servers.set(db, state);
  }
  const known = state;
  return {
    heard: () => {
      for (const listener of [...known.listeners]) listener();
    },
    onHeard: (listener) => {
      known.listeners.add(listener);
      return () => {
        known.listeners.delete(listener);
      };
    },
    failed: () => {
      known.failed = true;
    },
    ready: async () => {
      if (!known.failed) return;
      known.failed = false;
      await disableNetwork(db);
      await enableNetwork(db);
    },
  };
}

/** Calls `late` unless `progress` is called at least every ANSWER_WAIT_MS until `done`. */
function watchdog(late: () => void): { readonly progress: () => void; readonly done: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(late, ANSWER_WAIT_MS);
  return {
    progress: () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = setTimeout(late, ANSWER_WAIT_MS);
    },
    done: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Hands `watcher`'s calls on until the first error, then stops everything once. A read whose
 * slices have not all answered fails when the server (`db`) answers nothing for ANSWER_WAIT_MS.
 */
function guarded<T>(db: Firestore, watcher: ListingWatcher<T>, stopAll: () => void) {
  let over = false;
  let firstAnswers = 0;
  const server = serverOf(db);
  const fail = (error: Error) => {
    if (over) return;
    over = true;
    waiting.done();
    stopHearing();
    stopAll();
    if (isUnreachable(error)) server.failed();
    watcher.onError(error);
  };
  const waiting = watchdog(() => {
    fail(noAnswer(ANSWER_WAIT_MS));
  });
  const stopHearing = server.onHeard(waiting.progress);
  const sliceWatcher: ListingWatcher<T> = {
    onChanges: (changes) => {
      if (over) return;
      if (changes.first) {
        firstAnswers += 1;
        server.heard();
        if (firstAnswers === changes.slices) {
          waiting.done();
          stopHearing();
        }
      }
      watcher.onChanges(changes);
    },
    onError: fail,
  };
  return {
    sliceWatcher,
    fail,
    heard: server.heard,
    ready: server.ready,
    isOver: () => over,
    stop: () => {
      over = true;
      waiting.done();
      stopHearing();
      stopAll();
    },
  };
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
 * Everything `filtered` finds, live, in slices of the id space (idRanges.ts) sized by a count the
 * server makes first (billed one read per thousand documents), started SLICES_AT_ONCE at a time.
 * The first error of any listener ends the read: every listener stops, and onError is called once.
 */
export function watchSliced<T>(
  filtered: Query,
  read: (documents: Documents) => Listing<T>,
  watcher: ListingWatcher<T>,
  perRange = ENTRIES_PER_RANGE,
): StopWatching {
  const stops: StopWatching[] = [];
  const guard = guarded(filtered.firestore, watcher, () => {
    for (const stopOne of stops.splice(0)) stopOne();
  });
  guard
    .ready()
    .then(() => getCountFromServer(filtered))
    .then(
      (counted) => {
        if (guard.isOver()) return;
        guard.heard();
        const ranges = idRanges(rangeCountFor(counted.data().count, perRange));
        let started = 0;
        const startNext = () => {
          const range = ranges[started];
          if (range === undefined || guard.isOver()) return;
          const slice = started;
          started += 1;
          let answered = false;
          stops.push(
            listen(inIdRange(filtered, range), slice, ranges.length, read, {
              onChanges: (changes) => {
                guard.sliceWatcher.onChanges(changes);
                if (answered) return;
                answered = true;
                startNext();
              },
              onError: (error) => {
                guard.sliceWatcher.onError(error);
              },
            }),
          );
        };
        for (let opened = 0; opened < SLICES_AT_ONCE; opened += 1) startNext();
      },
      (error: unknown) => {
        guard.fail(error instanceof Error ? error : new Error(String(error)));
      },
    );
  return guard.stop;
}
