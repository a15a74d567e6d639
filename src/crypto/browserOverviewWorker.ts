import type { OverviewWorkerFactory } from './decryptPool';
import type { OverviewReply } from './overviewProtocol';

/**
 * The browser's decryption workers: a module Worker on overviewWorker.ts, which Vite builds as a
 * file of its own served from this origin (CSP `worker-src 'self'`). null where there is no
 * Worker (jsdom, Node): the pool then opens everything on the calling thread.
 */
export function browserOverviewWorkerFactory(): OverviewWorkerFactory | null {
  if (typeof Worker !== 'function') return null;
  return () => {
    const worker = new Worker(new URL('./overviewWorker.ts', import.meta.url), { type: 'module', name: 'keyloft-overviews' });
    return {
      postMessage: (request) => {
        worker.postMessage(request);
      },
      listen(onReply, onFailure) {
        worker.onmessage = (event: MessageEvent<OverviewReply>) => {
          onReply(event.data);
        };
        // A script that fails to load (blocked, missing) or throws reports here; so does a reply
        // that cannot be deserialised.
        worker.onerror = (event) => {
          event.preventDefault();
          onFailure(new Error(`Decryption worker error: ${event.message}`));
        };
        worker.onmessageerror = () => {
          onFailure(new Error('A decryption worker reply could not be read.'));
        };
      },
      terminate: () => {
        worker.terminate();
      },
    };
  };
}
