import { useCallback, useEffect, useRef, useState } from 'react';

/** How a submit ended: ran to its end with the action's value, or not (it threw, or another was running). */
export type Settled<T> = { readonly done: true; readonly value: T } | { readonly done: false };

export interface Submit<E> {
  readonly busy: boolean;
  readonly error: E | null;
  /**
   * Runs the action once at a time (a second submit while one runs is dropped) and clears the
   * error first; a throw becomes the error. `toError`, when given, reads this action's throw instead
   * of the hook's own mapper (a screen whose actions fail with different words).
   */
  readonly submit: <T>(action: () => Promise<T>, toError?: (failure: unknown) => E) => Promise<Settled<T>>;
  readonly setError: (error: E | null) => void;
}

/** The thrown error's own message: for actions whose errors are already worded for the user. */
export function failureMessage(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * The busy flag and error of one submit (a form, a confirm button): `toError` turns what the
 * action threw into what is shown.
 */
export function useSubmit<E>(toError: (failure: unknown) => E, initialError: E | null = null): Submit<E> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<E | null>(initialError);
  // A ref, not state: a second click arrives before React re-renders with busy set.
  const running = useRef(false);
  // The caller's mapper is usually a new closure each render; the latest one is used.
  const toErrorRef = useRef(toError);
  useEffect(() => {
    toErrorRef.current = toError;
  });

  const submit = useCallback(async <T,>(action: () => Promise<T>, toActionError?: (failure: unknown) => E): Promise<Settled<T>> => {
    if (running.current) return { done: false };
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return { done: true, value: await action() };
    } catch (failure) {
      setError((toActionError ?? toErrorRef.current)(failure));
      return { done: false };
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, error, submit, setError };
}
