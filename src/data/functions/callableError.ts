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
