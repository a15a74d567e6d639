// The master password's Argon2id in a worker of its own: 64 MiB and three passes take the better
// part of a second, which on the page's thread would freeze the unlock screen (no spinner, no
// typing). One worker per derivation, ended by the page once it answers, so the 64 MiB of
// WebAssembly memory is given back instead of staying with the page.
import { argon2idHere } from './masterArgon2';
import { isArgon2Request, type Argon2Reply } from './argon2Protocol';
import { KdfMemoryError, UnsupportedKdfError } from './errors';

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  const request = event.data;
  if (!isArgon2Request(request)) return;
  argon2idHere(request).then(
    (key) => {
      self.postMessage({ id: request.id, key } satisfies Argon2Reply, { transfer: [key.buffer] });
    },
    (error: unknown) => {
      const failed = error instanceof KdfMemoryError ? 'memory' : error instanceof UnsupportedKdfError ? 'kdf' : 'other';
      const message = error instanceof Error ? error.message : String(error);
      self.postMessage({ id: request.id, failed, message } satisfies Argon2Reply);
    },
  ).finally(() => {
    request.password.fill(0);
  });
});
