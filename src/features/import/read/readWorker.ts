// The import screen's reading worker (issue #44, item 4): detection and the formats' parsers off
// the page's main thread. What it answers, and how, is readWorkerHost.ts; the page starts one per
// read and terminates it when the read ends or is cancelled (browserReadWorker.ts).
import { serveReadRequests } from './readWorkerHost';

serveReadRequests({
  addEventListener: (type, listener) => {
    self.addEventListener(type, listener);
  },
  postMessage: (message) => {
    self.postMessage(message);
  },
});
