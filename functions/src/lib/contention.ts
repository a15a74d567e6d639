import type { Firestore, Transaction } from 'firebase-admin/firestore';

// Contention is not a failure (issue #17 item 6): with 20 users creating teams at once, 37 of 60
// createTeam calls failed with INTERNAL, each a transaction the Firestore SDK gave up on (ABORTED,
// or a "transaction lock timeout" that the callable layer turned into INTERNAL). A transaction that
// failed this way wrote nothing, so running it again is safe; every transactional callable runs
// its transactions through runTransactionWithRetry.

/** gRPC's ABORTED, as firebase-admin reports it (numeric) and as some wrappers name it. */
const ABORTED = 10;
const CONTENTION_MESSAGE = /transaction lock timeout|too much contention|aborted due to cross-transaction contention/i;

/** True for an error that says the transaction lost to another one and wrote nothing. */
export function isContention(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === ABORTED || code === 'aborted' || code === 'ABORTED') return true;
  return typeof message === 'string' && CONTENTION_MESSAGE.test(message);
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  /** The wait before the second attempt; doubled before each later one. */
  readonly baseDelayMs: number;
  /** The longest single wait. */
  readonly maxDelayMs: number;
}

export const CONTENTION_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 100, maxDelayMs: 2_000 };

/**
 * The wait before attempt `attempt` (2, 3, …): exponential, capped, with "full jitter" from
 * `random()` in [0, 1) so that the callers who collided do not collide again in step.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 2));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** `run()`, run again with backoff while it fails with contention; any other error passes through. */
export async function retryContention<T>(
  run: () => Promise<T>,
  policy: RetryPolicy = CONTENTION_RETRY,
  wait: (ms: number) => Promise<void> = sleep,
  random: () => number = Math.random,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isContention(error) || attempt >= policy.attempts) throw error;
      await wait(backoffDelay(attempt + 1, policy, random));
    }
  }
}

/** db.runTransaction(update, options), retried as retryContention says. */
export function runTransactionWithRetry<T>(
  db: Firestore,
  update: (tx: Transaction) => Promise<T>,
  options?: Parameters<Firestore['runTransaction']>[1],
): Promise<T> {
  return retryContention(() => db.runTransaction(update, options));
}
