// Entry of a worker_threads import reader (nodeReadWorkers.ts): the browser's own readWorker.ts,
// loaded as it is, with node:worker_threads' parentPort standing in for the worker's `self`. As in
// nodeOverviewWorker.mjs, the worker registers tsx itself before loading the .ts module.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
if (parentPort === null) throw new Error('nodeReadWorker.mjs runs as a worker thread.');
const port = parentPort;
globalThis.self = {
  addEventListener: (type, listener) => {
    if (type === 'message') port.on('message', (data) => listener({ data }));
  },
  postMessage: (message) => {
    port.postMessage(message);
  },
};
await import('../../src/features/import/read/readWorker.ts');
