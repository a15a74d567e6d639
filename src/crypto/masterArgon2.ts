// The master password's Argon2id (docs/crypto.md, "Argon2id for the master password"), run in a
// worker (argon2Worker.ts) so the page keeps answering during the derivation. Only where a worker
// cannot start at all (no Worker, a blocked script) does it run on the page's thread: same
// function, same parameters, same key. A failed allocation is a KdfMemoryError wherever it ran,
// and never leads to a retry with less memory.
import { argon2 } from './argon2';
import { isArgon2Reply, type Argon2Job, type Argon2Request } from './argon2Protocol';
import { CryptoError, KdfMemoryError, UnsupportedKdfError } from './errors';
import { AES_KEY_BYTES } from './parameters';

/** What starts the worker; null where there are no workers (Node, jsdom). Tests install their own. */
export type Argon2WorkerFactory = (() => Worker) | null;

const browserWorker: Argon2WorkerFactory =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./argon2Worker.ts', import.meta.url), { type: 'module', name: 'keyloft-argon2' });

let workerFactory: Argon2WorkerFactory = browserWorker;

/** Replaces the worker factory (tests); returns the previous one so it can be put back. */
export function installArgon2WorkerFactory(next: Argon2WorkerFactory): Argon2WorkerFactory {
  const previous = workerFactory;
  workerFactory = next;
  return previous;
}

/**
 * A WebAssembly memory that cannot grow shows up as a RangeError (the grown buffer's view) or a
 * trap (WebAssembly.RuntimeError); browsers word it "Out of memory" or "could not allocate".
 */
export function isAllocationFailure(error: unknown): boolean {
  if (error instanceof RangeError) return true;
  if (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError) return true;
  return error instanceof Error && /memory|allocat/i.test(error.message);
}

/** Argon2id on this thread: the worker's body, and the fallback when no worker starts. */
export async function argon2idHere(job: Argon2Job): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const key = await argon2({ variant: 'argon2id', ...job, hashLength: AES_KEY_BYTES });
    return new Uint8Array(key);
  } catch (error) {
    if (error instanceof UnsupportedKdfError || !isAllocationFailure(error)) throw error;
    throw new KdfMemoryError(job.memoryKiB, { cause: error });
  }
}

let nextId = 1;

/**
 * The 32 key bytes of Argon2id over `job`. `job.password` is handed over: it is transferred to the
 * worker (or zeroed here after use), so the caller must not read it afterwards.
 */
export async function argon2idMasterKeyBytes(job: Argon2Job): Promise<Uint8Array<ArrayBuffer>> {
  const inThread = async () => {
    try {
      return await argon2idHere(job);
    } finally {
      job.password.fill(0);
    }
  };
  const factory = workerFactory;
  if (factory === null) return inThread();
  let worker: Worker;
  try {
    worker = factory();
  } catch (error) {
    console.warn('The key derivation worker did not start; deriving on this thread.', error);
    return inThread();
  }
  // A copy for the fallback, should the worker fail before it answers; zeroed either way.
  const spare = new Uint8Array(job.password);
  try {
    return await new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
      const request: Argon2Request = { ...job, id: nextId++ };
      worker.onmessage = (event: MessageEvent<unknown>) => {
        const reply = event.data;
        if (!isArgon2Reply(reply) || reply.id !== request.id) return;
        if ('key' in reply) resolve(reply.key);
        else if (reply.failed === 'memory') reject(new KdfMemoryError(job.memoryKiB, { cause: new Error(reply.message) }));
        else if (reply.failed === 'kdf') reject(new UnsupportedKdfError(reply.message));
        else reject(new CryptoError(`The key derivation failed: ${reply.message}`));
      };
      // A worker that never ran (its script refused or missing) reports here, before any reply.
      worker.onerror = (event) => {
        event.preventDefault();
        console.warn('The key derivation worker failed; deriving on this thread.', event.message);
        argon2idHere({ ...job, password: spare }).then(resolve, reject);
      };
      worker.postMessage(request, [job.password.buffer]);
    });
  } finally {
    spare.fill(0);
    worker.terminate();
  }
}
