// The browser's decryption worker (decryptPool.ts): answers each batch with the same code the main
// thread runs for its own share, and keeps nothing between batches (the key comes with each).
import { READY, answerOverviewRequest, type OverviewRequest } from './overviewProtocol';

self.addEventListener('message', (event: MessageEvent<OverviewRequest>) => {
  void answerOverviewRequest(event.data).then((reply) => {
    self.postMessage(reply);
  });
});
self.postMessage(READY);
