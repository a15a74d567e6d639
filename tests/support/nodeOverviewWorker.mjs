// Entry of a worker_threads decryption worker (nodeOverviewWorkers.ts). Node 20 does not hand the
// parent's TypeScript loader to a worker started outside tsx (vitest's forks), nor honour
// `--import` in a worker's execArgv, so the worker registers tsx itself, then loads the .ts worker.
import { register } from 'tsx/esm/api';

register();
await import('./nodeOverviewWorker.ts');
