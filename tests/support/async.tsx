// Test helpers for code in flight and for fake time, shared by the component suites.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A promise the test settles by hand, to hold a screen in its loading or saving state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// Timing tests install vi.useFakeTimers() with nothing advancing on its own, so that "not before
// 3 s" is exact. Testing Library's async helpers (findBy*, waitFor, user-event) wait on a real
// setTimeout(0) and would hang then: those tests use settle(), elapse() and fireEvent instead.

/** Lets pending promises settle and React commit, without fake time passing. */
export async function settle() {
  await act(async () => {});
}

/** Moves fake time on by `ms`, committing what the timers cause. */
export function elapse(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
