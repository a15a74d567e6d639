import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

// Component tests fail on a console.error they did not declare: React's warnings (act(), keys,
// state updates on unmounted trees) and the app's own "Failed to …" logs are how a screen says
// something went wrong that its rendering may hide. A test that provokes an error on purpose
// declares it, narrowly, with expectConsoleError; the declared error must then be logged.

interface Expectation {
  readonly pattern: RegExp;
  readonly calls: unknown[][];
}

let unexpected: string[] = [];
let expected: Expectation[] = [];

/** Sorts each call as it comes, so a test can assert on a declared error's calls as soon as they happen. */
function record(...args: unknown[]): void {
  const printed = format(...args);
  const match = expected.find((expectation) => expectation.pattern.test(printed));
  if (match === undefined) unexpected.push(printed);
  else match.calls.push(args);
}

/**
 * Declares that this test logs a console.error matching `pattern` (against the printed text, as
 * `format(...args)` gives it), at least once, from now on. The answer's `calls` holds the matching
 * calls' arguments as they are logged, for a test that asserts more about them.
 */
export function expectConsoleError(pattern: RegExp): { readonly calls: readonly unknown[][] } {
  const expectation: Expectation = { pattern, calls: [] };
  expected.push(expectation);
  return expectation;
}

/** Installs the check for every test of the file or project whose setup calls it. */
export function failOnUnexpectedConsoleErrors(): void {
  const original = console.error;
  beforeEach(() => {
    unexpected = [];
    expected = [];
    console.error = record;
  });
  afterEach(() => {
    const replaced = console.error !== record;
    console.error = original;
    const problems = [
      ...(replaced ? ['console.error was replaced by the test: declare an expected error with expectConsoleError instead of silencing it'] : []),
      ...unexpected.map((message) => `unexpected console.error: ${message}`),
      ...expected.filter((expectation) => expectation.calls.length === 0).map((expectation) => `expected a console.error matching ${String(expectation.pattern)}, none was logged`),
    ];
    if (problems.length > 0) throw new Error(problems.join('\n\n'));
  });
}
