// A worker_threads decryption worker that starts, says it is ready, and crashes on its first batch
// (tests/unit/crypto/decryptPool.test.ts): the pool must open that batch on the main thread.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', () => {
  throw new Error('the decryption worker crashed');
});
parentPort.postMessage({ type: 'ready' });
