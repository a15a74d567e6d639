// A callable's refusal as the features read it. firebase/functions (12.x) appends the HTTP status
// to the server's message ('Cannot remove the team owner [403]'), so a screen comparing the
// message with the spec's wording would never match; the refusal is rethrown with the server's
// message as sent and the code without its 'functions/' prefix.

export class CallableError extends Error {
  override readonly name = 'CallableError';
  constructor(
    /** 'permission-denied', 'not-found', … (SPEC.md §8). */
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const STATUS_SUFFIX = / \[\d{3}\]$/;

/** A FunctionsError becomes a CallableError; anything else is returned as it is. */
export function asCallableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('functions/')) return error;
  return new CallableError(code.slice('functions/'.length), error.message.replace(STATUS_SUFFIX, ''), { cause: error });
}

/**
 * Codes after which one more try of an idempotent call may succeed (issue #17 item 6): the server
 * lost a transaction to contention ('aborted', or 'internal' for a lock timeout it did not name),
 * or the reply never came ('unavailable', 'deadline-exceeded'). A refusal is never retried.
 */
const RETRIABLE_CODES: ReadonlySet<string> = new Set(['aborted', 'internal', 'unavailable', 'deadline-exceeded']);

export function isRetriableCallableError(error: unknown): boolean {
  return error instanceof CallableError && RETRIABLE_CODES.has(error.code);
}

/**
 * `run()`, and once more after `delayMs` if it failed with a retriable code. Only for calls the
 * server answers idempotently (createTeam: the same teamId and wrapped key is 'already created').
 */
export async function retryOnce<T>(run: () => Promise<T>, delayMs = 400, wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isRetriableCallableError(error)) throw error;
    await wait(delayMs);
    return run();
  }
}
