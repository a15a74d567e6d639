import { importReader, type ImportReader, type ReadWorkerFactory } from './importReader';

/**
 * The browser's reading workers: a module Worker on readWorker.ts, which Vite builds as a file of
 * its own served from this origin (CSP `worker-src 'self'`). null where there is no Worker (jsdom,
 * Node): the reader then answers in this thread.
 */
export function browserReadWorkers(): ReadWorkerFactory | null {
  if (typeof Worker !== 'function') return null;
  return () => {
    const worker = new Worker(new URL('./readWorker.ts', import.meta.url), { type: 'module', name: 'keyloft-import-reader' });
    return {
      postMessage: (request) => {
        worker.postMessage(request);
      },
      listen(onMessage, onFailure) {
        worker.onmessage = (event: MessageEvent<unknown>) => {
          onMessage(event.data);
        };
        // A script that fails to load (blocked, missing) or throws reports here.
        worker.onerror = (event) => {
          event.preventDefault();
          onFailure(new Error(`The import reader failed: ${event.message}`));
        };
        worker.onmessageerror = () => {
          onFailure(new Error('A reply of the import reader could not be read.'));
        };
      },
      terminate: () => {
        worker.terminate();
      },
    };
  };
}

/** The reader the import screen uses unless it is given another (tests). */
export function browserImportReader(): ImportReader {
  return importReader(browserReadWorkers());
}
