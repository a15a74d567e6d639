import { Worker } from 'node:worker_threads';
import type { OverviewWorker, OverviewWorkerFactory } from '../../src/crypto/decryptPool';
import type { OverviewReply } from '../../src/crypto/overviewProtocol';

// Node has no browser Worker, so the pool would open everything on the main thread. The bench and
// tests install these instead: worker_threads running nodeOverviewWorker.ts (through the .mjs
// entry that loads TypeScript in the worker, under tsx as under vitest).

const SCRIPT = new URL('./nodeOverviewWorker.mjs', import.meta.url);

export function nodeOverviewWorker(script: URL = SCRIPT): OverviewWorker {
  const worker = new Worker(script);
  let stopping = false;
  return {
    postMessage: (request) => {
      worker.postMessage(request);
    },
    listen(onReply, onFailure) {
      worker.on('message', (reply: OverviewReply) => {
        onReply(reply);
      });
      worker.on('error', onFailure);
      worker.on('messageerror', onFailure);
      worker.on('exit', (code) => {
        if (!stopping) onFailure(new Error(`The decryption worker exited (code ${code}).`));
      });
    },
    terminate: () => {
      stopping = true;
      void worker.terminate();
    },
  };
}

export const nodeOverviewWorkers: OverviewWorkerFactory = () => nodeOverviewWorker();
