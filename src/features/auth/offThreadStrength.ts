import { loadStrengthEstimator, strengthLabel, type Strength } from './passwordStrength';
import { isStrengthReply, type StrengthRequest } from './strengthProtocol';

// The strength estimator off the main thread (strengthWorker.ts), for the vault's health records
// and report: estimates of many passwords, some in the background, where the master-password
// meter estimates one as the user types. Without workers (a test's Node, a browser that will not
// start one) or once the worker fails, the same estimator runs here: a score is never lost to it.

export type AsyncStrengthEstimator = (password: string, userInputs: readonly string[]) => Promise<Strength>;

/** What starts the worker; null where there are no workers. Tests pass their own. */
export type StrengthWorkerFactory = (() => Worker) | null;

const browserWorker: StrengthWorkerFactory =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./strengthWorker.ts', import.meta.url), { type: 'module', name: 'keyloft-strength' });

interface Waiting {
  readonly request: StrengthRequest;
  readonly resolve: (strength: Strength) => void;
  readonly reject: (error: unknown) => void;
}

const inThread: AsyncStrengthEstimator = async (password, userInputs) => (await loadStrengthEstimator())(password, userInputs);

/** An estimator answered by one worker from `createWorker`, falling back to this thread. */
export function offThreadEstimator(createWorker: StrengthWorkerFactory = browserWorker): AsyncStrengthEstimator {
  let worker: Worker | null = null;
  let failed = createWorker === null;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    console.warn('The strength worker failed; estimates run on this thread.', error);
    worker?.terminate();
    worker = null;
    const left = [...waiting.values()];
    waiting.clear();
    for (const { request, resolve, reject } of left) inThread(request.password, request.userInputs).then(resolve, reject);
  };

  const started = (): Worker | null => {
    if (failed || createWorker === null) return null;
    if (worker !== null) return worker;
    try {
      worker = createWorker();
    } catch (error) {
      fail(error);
      return null;
    }
    worker.addEventListener('message', (event: MessageEvent<unknown>) => {
      const reply = event.data;
      if (!isStrengthReply(reply)) return;
      const entry = waiting.get(reply.id);
      if (entry === undefined) return;
      waiting.delete(reply.id);
      if ('failed' in reply) entry.reject(new Error(reply.failed));
      else entry.resolve({ score: reply.score, label: strengthLabel(reply.score), warning: reply.warning });
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      fail(event.error ?? new Error(event.message));
    });
    worker.addEventListener('messageerror', () => {
      fail(new Error('A message from the strength worker could not be read.'));
    });
    return worker;
  };

  return (password, userInputs) => {
    const target = started();
    if (target === null) return inThread(password, userInputs);
    return new Promise<Strength>((resolve, reject) => {
      const request: StrengthRequest = { id: nextId++, password, userInputs: [...userInputs] };
      waiting.set(request.id, { request, resolve, reject });
      target.postMessage(request);
    });
  };
}

let shared: AsyncStrengthEstimator | null = null;

/** The page's one off-thread estimator, its worker started on first use. */
export function loadOffThreadEstimator(): Promise<AsyncStrengthEstimator> {
  shared ??= offThreadEstimator();
  return Promise.resolve(shared);
}
