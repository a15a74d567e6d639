// Decryption workers for tests of the pool (src/crypto/decryptPool.ts) and of what uses it.
import type { OverviewWorker, OverviewWorkerFactory } from '../../src/crypto/decryptPool';
import { answerOverviewRequest, type OverviewReply, type OverviewRequest } from '../../src/crypto/overviewProtocol';

/** Wraps a worker to record what was posted to it and learn when it is ready. */
export function watched(inner: () => OverviewWorker) {
  const posted: OverviewRequest[] = [];
  const replies: OverviewReply[] = [];
  let signalReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (signalReady = resolve));
  const factory: OverviewWorkerFactory = () => {
    const worker = inner();
    return {
      postMessage(request) {
        posted.push(request);
        worker.postMessage(request);
      },
      listen(onReply, onFailure) {
        worker.listen((reply) => {
          replies.push(reply);
          onReply(reply);
          if (reply.type === 'ready') signalReady();
        }, onFailure);
      },
      terminate: () => {
        worker.terminate();
      },
    };
  };
  return { factory, posted, replies, ready };
}

/**
 * An in-process worker that runs the shared worker code across a structured clone each way, as a
 * real boundary does (class instances do not survive it). `behave` can make it misbehave.
 */
export function cloningWorker(behave: (request: OverviewRequest, reply: (message: OverviewReply) => void, fail: (error: Error) => void) => void = (request, reply) => {
  void answerOverviewRequest(structuredClone(request)).then((answer) => {
    reply(structuredClone(answer));
  });
}): OverviewWorker {
  let onReply: (reply: OverviewReply) => void = () => undefined;
  let onFailure: (error: unknown) => void = () => undefined;
  return {
    postMessage(request) {
      setTimeout(() => {
        behave(request, onReply, onFailure);
      }, 0);
    },
    listen(reply, failure) {
      onReply = reply;
      onFailure = failure;
      setTimeout(() => {
        onReply({ type: 'ready' });
      }, 0);
    },
    terminate: () => undefined,
  };
}

/** How many items were posted to a worker in all. */
export const itemsPosted = (posted: readonly OverviewRequest[]) => posted.reduce((sum, request) => sum + request.items.entryIds.length, 0);
