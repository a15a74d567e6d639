// A decryption worker on node:worker_threads for the Node bench and tests: the browser's
// overviewWorker.ts with parentPort in place of `self`, answering with the same shared code.
import { parentPort } from 'node:worker_threads';
import { READY, answerOverviewRequest, type OverviewRequest } from '../../src/crypto/overviewProtocol';

const port = parentPort;
if (port === null) throw new Error('nodeOverviewWorker.ts runs as a worker thread.');
port.on('message', (request: OverviewRequest) => {
  void answerOverviewRequest(request).then((reply) => {
    port.postMessage(reply);
  });
});
port.postMessage(READY);
