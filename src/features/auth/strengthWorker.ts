// The strength estimator (zxcvbn-ts) in a worker of its own (issue #42's browser bench): loading
// its dictionaries and building its ranked word lists took one main-thread task of over 100 ms,
// which the vault's background health upgrade set off in the middle of whatever the user did.
// Estimates are asked one message at a time and answered in order.
import { loadStrengthEstimator } from './passwordStrength';
import { isStrengthRequest, type StrengthReply } from './strengthProtocol';

// Started at once: the dictionaries load while the page prepares its first request.
const estimator = loadStrengthEstimator();

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  const request = event.data;
  if (!isStrengthRequest(request)) return;
  estimator.then(
    (estimate) => {
      const { score, warning } = estimate(request.password, request.userInputs);
      self.postMessage({ id: request.id, score, warning } satisfies StrengthReply);
    },
    (error: unknown) => {
      self.postMessage({ id: request.id, failed: error instanceof Error ? error.message : String(error) } satisfies StrengthReply);
    },
  );
});
