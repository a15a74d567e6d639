import { Worker } from 'node:worker_threads';
import type { ReadWorker } from '../../src/features/import/read/importReader';

// Node has no browser Worker, so the import reader would answer in the calling thread. Tests that
// need the real worker module (its message handling, a cancel that stops a parser mid-file) start
// one on worker_threads: readWorker.ts itself, through the .mjs entry that loads TypeScript.

const SCRIPT = new URL('./nodeReadWorker.mjs', import.meta.url);

export interface NodeReadWorker extends ReadWorker {
  /** Every message the worker sent, as it arrived. */
  readonly received: unknown[];
  /** Resolves with the thread's exit code once it has stopped (terminated, or ended on its own). */
  readonly exited: Promise<number>;
  /** Sends anything at all, as a page that does not keep to the protocol would. */
  postRaw(message: unknown): void;
}

export function nodeReadWorker(): NodeReadWorker {
  const worker = new Worker(SCRIPT);
  const received: unknown[] = [];
  const exited = new Promise<number>((resolve) => {
    worker.once('exit', resolve);
  });
  let stopping = false;
  worker.on('message', (message: unknown) => {
    received.push(message);
  });
  return {
    received,
    exited,
    postMessage: (request) => {
      worker.postMessage(request);
    },
    postRaw: (message) => {
      worker.postMessage(message);
    },
    listen(onMessage, onFailure) {
      worker.on('message', onMessage);
      worker.on('error', onFailure);
      worker.on('messageerror', onFailure);
      worker.on('exit', (code) => {
        if (!stopping) onFailure(new Error(`The import reader exited (code ${String(code)}).`));
      });
    },
    terminate: () => {
      stopping = true;
      void worker.terminate();
    },
  };
}
