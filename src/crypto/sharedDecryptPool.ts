import { browserOverviewWorkerFactory } from './browserOverviewWorker';
import { createDecryptPool, workerCountFor, type DecryptPool, type OverviewWorkerFactory } from './decryptPool';
import type { AnyOverview, SealedOverview } from './entryParts';
import type { SymmetricDataKey } from './keys';

// The app's one decryption pool (decryptPool.ts), started on first use with the browser's
// workers (browserOverviewWorker.ts) or, in Node, with the factory a bench or test installs.

let installed: OverviewWorkerFactory | null | undefined;
let shared: DecryptPool | undefined;

/**
 * Where the app's pool gets its workers: `undefined` (the default) a module Worker where the
 * browser has one, else none; null none; or a factory (the Node bench installs worker_threads).
 * The pool in use is closed and the next batch starts a new one.
 */
export function installOverviewWorkerFactory(factory: OverviewWorkerFactory | null | undefined): void {
  shared?.close();
  shared = undefined;
  installed = factory;
}

function sharedPool(): DecryptPool {
  shared ??= createDecryptPool({
    createWorker: installed === undefined ? browserOverviewWorkerFactory() : installed,
    workers: workerCountFor(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency),
  });
  return shared;
}

/**
 * Opens a batch of sealed overviews (one page of a vault), shared between the main thread and the
 * decryption workers. Per item the overview, or the error openEntryOverview gives for that item
 * (DecryptionError, InvalidCiphertextError, CryptoError for a bad binding), in the items' order.
 * Rejects only for a key of the wrong kind.
 */
export function openEntryOverviews(key: SymmetricDataKey, items: readonly SealedOverview[]): Promise<Array<AnyOverview | Error>> {
  return sharedPool().openEntryOverviews(key, items);
}

/** Starts the app's decryption workers ahead of the first batch (their script loads meanwhile). */
export function warmUpDecryptPool(): void {
  sharedPool().warmUp();
}
