import { collection, disableNetwork, enableNetwork, type Firestore } from 'firebase/firestore';
import type { ListingWatcher } from '../vault/storedEntries';

// What the live reads of one Firestore instance share (issue #22): whether the server is
// answering, who waits for its answers, and whether the connection needs a fresh start.

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
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'unavailable' || code === 'deadline-exceeded';
}

/** Whether the server answers this Firestore instance's reads, as the live reads last found. */
export interface Connection {
  reachable(): boolean;
  /** Calls `listener` whenever `reachable()` changes; returns its removal. */
  subscribe(listener: () => void): () => void;
}

interface ServerState {
  readonly waiting: Set<() => void>;
  readonly watchers: Set<() => void>;
  failed: boolean;
  reachable: boolean;
  /** The app ends this instance on purpose (terminate): its reads' errors from here on are no failure. */
  ending: boolean;
}

const servers = new WeakMap<Firestore, ServerState>();

function stateOf(db: Firestore): ServerState {
  // The instance a query or reference names: the same object whether `db` is that instance or a
  // wrapper around it (the rules tests' compat instances).
  const instance = collection(db, 'users').firestore;
  let state = servers.get(instance);
  if (state === undefined) {
    state = { waiting: new Set(), watchers: new Set(), failed: false, reachable: true, ending: false };
    servers.set(instance, state);
  }
  return state;
}

function setReachable(state: ServerState, reachable: boolean): void {
  if (state.reachable === reachable) return;
  state.reachable = reachable;
  for (const watcher of [...state.watchers]) watcher();
}

export function connectionOf(db: Firestore): Connection {
  const state = stateOf(db);
  return {
    reachable: () => state.reachable,
    subscribe: (listener) => {
      state.watchers.add(listener);
      return () => {
        state.watchers.delete(listener);
      };
    },
  };
}

/**
 * Before the app terminates `db` (removing the device copy): its live reads end quietly instead
 * of reporting the 'Firestore shutting down' each listener gets as a failure to load.
 */
export function endReadsQuietly(db: Firestore): void {
  stateOf(db).ending = true;
}

export interface Server {
  /** An answer came from the server: every read's wait starts again. */
  readonly heard: () => void;
  readonly onHeard: (listener: () => void) => () => void;
  /** The server could not be reached: the next read starts the connection afresh (ready). */
  readonly unreachable: () => void;
  /**
   * Resolves when a new read may listen. After a read failed for want of the server, the SDK's
   * listen stream may be waiting out its backoff (up to a minute after repeated failures), and a
   * new listener would wait with it: Try again would seem to do nothing. Taking the network down
   * and up again resets the backoff, as the SDK itself does when the browser comes back online
   * (other reads see a moment of cache answers, which they pass over).
   */
  readonly ready: () => Promise<void>;
  /** True once the app is ending this instance (endReadsQuietly). */
  readonly ending: () => boolean;
}

export function serverOf(db: Firestore): Server {
  const state = stateOf(db);
  return {
    heard: () => {
      setReachable(state, true);
      for (const listener of [...state.waiting]) listener();
    },
    onHeard: (listener) => {
      state.waiting.add(listener);
      return () => {
        state.waiting.delete(listener);
      };
    },
    unreachable: () => {
      state.failed = true;
      setReachable(state, false);
    },
    ready: async () => {
      if (!state.failed) return;
      state.failed = false;
      await disableNetwork(db);
      await enableNetwork(db);
    },
    ending: () => state.ending,
  };
}

/** Calls `late` unless `progress` is called at least every ANSWER_WAIT_MS until `done`. */
export function watchdog(late: () => void): { readonly progress: () => void; readonly done: () => void } {
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

/** A guarded read (see guarded): what its parts report to, and how it ends. */
export interface Guard<T> {
  /** Hands the slices' calls on, until the read is over. */
  readonly sliceWatcher: ListingWatcher<T>;
  /** Slice `slice` has its first answer from the server: when every slice has, the wait is over. */
  readonly answeredFromServer: (slice: number) => void;
  readonly fail: (error: Error) => void;
  readonly heard: () => void;
  /** A listener lost the server (its snapshots come from the cache again). */
  readonly offline: () => void;
  readonly ready: () => Promise<void>;
  /** The read holds what it shows from the device: the server's silence no longer fails it. */
  readonly shownFromDevice: () => void;
  readonly isOver: () => boolean;
  readonly stop: () => void;
}

/**
 * Hands `watcher`'s calls on until the first error, then stops everything once. A read whose
 * slices have not all answered fails when the server (`db`) answers nothing for ANSWER_WAIT_MS,
 * unless it shows the device copy meanwhile: then the silence only marks the server unreachable,
 * and the listeners go on waiting for it.
 */
export function guarded<T>(db: Firestore, watcher: ListingWatcher<T>, stopAll: () => void, slicesToAnswer: () => number | null): Guard<T> {
  let over = false;
  let fromDevice = false;
  const answered = new Set<number>();
  const server = serverOf(db);
  const fail = (error: Error) => {
    if (over) return;
    over = true;
    waiting.done();
    stopHearing();
    stopAll();
    if (server.ending()) return;
    if (isUnreachable(error)) server.unreachable();
    watcher.onError(error);
  };
  const waiting = watchdog(() => {
    if (!fromDevice) {
      fail(noAnswer(ANSWER_WAIT_MS));
      return;
    }
    server.unreachable();
    waiting.progress();
  });
  const stopHearing = server.onHeard(waiting.progress);
  return {
    sliceWatcher: {
      onChanges: (changes) => {
        if (!over) watcher.onChanges(changes);
      },
      onError: fail,
    },
    answeredFromServer: (slice) => {
      answered.add(slice);
      server.heard();
      const total = slicesToAnswer();
      if (total !== null && answered.size >= total) {
        waiting.done();
        stopHearing();
      }
    },
    fail,
    heard: server.heard,
    offline: server.unreachable,
    ready: server.ready,
    shownFromDevice: () => {
      fromDevice = true;
    },
    isOver: () => over,
    stop: () => {
      over = true;
      waiting.done();
      stopHearing();
      stopAll();
    },
  };
}
