import { openEntryOverviewsHere, type AnyOverview, type SealedOverview } from './entryParts';
import { assertKeyKind, type SymmetricDataKey } from './keys';
import { batchWire, isErrorRecord, reviveError, type ErrorRecord, type OverviewReply, type OverviewRequest } from './overviewProtocol';

// Opening a vault is one AES-GCM decryption per entry, and what costs is not the AES but each
// WebCrypto call's dispatch on the calling thread (issue #18's bench: about half the floor for
// 10,000 bare decryptions). So a batch is shared: part opens on the main thread, the rest in
// decryption workers, each running the same code (openEntryOverviewsHere). A worker is a
// same-origin script of this page; the key is posted with each batch and not kept (docs/crypto.md,
// "Where decryptions run"). Whatever goes wrong with a worker, its share is opened here instead:
// an entry is never lost to a worker.

/** A decryption worker as the pool sees it: a browser Worker or, in Node, a worker_threads one, adapted. */
export interface OverviewWorker {
  postMessage(request: OverviewRequest): void;
  /** `onFailure`: the worker failed to start, crashed or cannot be talked to; the pool drops it. */
  listen(onReply: (reply: OverviewReply) => void, onFailure: (error: unknown) => void): void;
  terminate(): void;
}

export type OverviewWorkerFactory = () => OverviewWorker;

export interface DecryptPoolOptions {
  /** null: no workers (every batch opens on the main thread). */
  readonly createWorker: OverviewWorkerFactory | null;
  readonly workers: number;
  /** The main thread's weight against 1 per ready worker when a batch is split. */
  readonly mainWeight?: number;
  /** Batches smaller than this open on the main thread: a message costs more than it saves. */
  readonly minShared?: number;
  /** A worker silent this long on a batch is taken for hung: dropped, and its share opened here. */
  readonly answerTimeoutMs?: number;
}

export interface DecryptPool {
  /** As openEntryOverviewsHere: per item the overview or its error, in order. */
  openEntryOverviews(key: SymmetricDataKey, items: readonly SealedOverview[]): Promise<Array<AnyOverview | Error>>;
  /** Starts the workers now, so that they are ready when the first batch arrives. */
  warmUp(): void;
  /** Stops the workers; batches they still hold are opened on the main thread. */
  close(): void;
}

// Measured on the 2-core machine (issue #18's load figure, one worker, weights 0.4 to 1.2): an even
// split was best, within noise of 0.85 to 1.2. The main thread also reads the page, builds and
// orders the entries, but the worker's share pays for its messages both ways.
const MAIN_WEIGHT = 1;
const MIN_SHARED = 32;
const MAX_WORKERS = 3;
// A page's share takes a worker milliseconds; seconds of silence is a worker that will not answer.
const ANSWER_TIMEOUT_MS = 10_000;

/** Workers for a machine with `cores` logical cores: none on one core, else one fewer than the cores, at most 3; one when unknown. */
export function workerCountFor(cores: number | undefined): number {
  if (cores === undefined || !Number.isFinite(cores)) return 1;
  return Math.max(0, Math.min(MAX_WORKERS, Math.floor(cores) - 1));
}

interface Waiting {
  readonly resolve: (results: ReadonlyArray<AnyOverview | ErrorRecord>) => void;
  readonly reject: (error: unknown) => void;
}

interface Lane {
  readonly worker: OverviewWorker;
  ready: boolean;
  failed: boolean;
  readonly waiting: Map<number, Waiting>;
}

export function createDecryptPool({
  createWorker,
  workers,
  mainWeight = MAIN_WEIGHT,
  minShared = MIN_SHARED,
  answerTimeoutMs = ANSWER_TIMEOUT_MS,
}: DecryptPoolOptions): DecryptPool {
  let lanes: Lane[] | undefined;
  let closed = false;
  let nextId = 1;

  const fail = (lane: Lane, error: unknown) => {
    if (lane.failed) return;
    lane.failed = true;
    lane.ready = false;
    if (!closed) console.warn('A decryption worker failed; its batches open on the main thread.', error);
    try {
      lane.worker.terminate();
    } catch {
      // Already gone: nothing more to stop.
    }
    for (const waiting of lane.waiting.values()) waiting.reject(error);
    lane.waiting.clear();
  };

  const startLane = (): Lane | null => {
    if (createWorker === null) return null;
    let worker: OverviewWorker;
    try {
      worker = createWorker();
    } catch (error) {
      console.warn('A decryption worker could not be started; batches open on the main thread.', error);
      return null;
    }
    const lane: Lane = { worker, ready: false, failed: false, waiting: new Map() };
    worker.listen(
      (reply) => {
        if (reply.type === 'ready') {
          lane.ready = !lane.failed && !closed;
          return;
        }
        const waiting = lane.waiting.get(reply.id);
        if (waiting === undefined) return;
        lane.waiting.delete(reply.id);
        if (reply.type === 'opened') waiting.resolve(reply.results);
        else waiting.reject(new Error(reply.message));
      },
      (error) => {
        fail(lane, error);
      },
    );
    return lane;
  };

  const started = (): Lane[] => {
    if (lanes === undefined) lanes = closed ? [] : Array.from({ length: workers }, startLane).filter((lane) => lane !== null);
    return lanes;
  };

  /** The chunk opened by the worker, or here when the worker cannot answer it. */
  const openIn = (lane: Lane, key: SymmetricDataKey, chunk: readonly SealedOverview[]): Promise<Array<AnyOverview | Error>> => {
    const id = nextId++;
    const answered = new Promise<ReadonlyArray<AnyOverview | ErrorRecord>>((resolve, reject) => {
      const silent = setTimeout(() => {
        fail(lane, new Error(`A decryption worker did not answer within ${answerTimeoutMs} ms.`));
      }, answerTimeoutMs);
      lane.waiting.set(id, {
        resolve: (results) => {
          clearTimeout(silent);
          resolve(results);
        },
        reject: (error) => {
          clearTimeout(silent);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      });
      try {
        lane.worker.postMessage({ id, kind: key.kind, key: key.key, items: batchWire(chunk) });
      } catch (error) {
        lane.waiting.delete(id);
        clearTimeout(silent);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    return answered.then(
      (results) => {
        if (results.length !== chunk.length) return openEntryOverviewsHere(key, chunk);
        return results.map((result) => (isErrorRecord(result) ? reviveError(result) : result));
      },
      () => openEntryOverviewsHere(key, chunk),
    );
  };

  return {
    openEntryOverviews(key, items) {
      try {
        assertKeyKind(key, 'vault', 'team');
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      const ready = started().filter((lane) => lane.ready);
      if (ready.length === 0 || items.length < minShared) return openEntryOverviewsHere(key, items);
      const here = Math.round((items.length * mainWeight) / (mainWeight + ready.length));
      const perWorker = Math.ceil((items.length - here) / ready.length);
      const shares = ready.map((lane, index) => openIn(lane, key, items.slice(here + index * perWorker, here + (index + 1) * perWorker)));
      // Posted first, so the workers start while this thread opens its own share.
      return Promise.all([openEntryOverviewsHere(key, items.slice(0, here)), ...shares]).then((parts) => parts.flat());
    },
    warmUp() {
      started();
    },
    close() {
      closed = true;
      for (const lane of lanes ?? []) fail(lane, new Error('The decryption pool was closed.'));
    },
  };
}
