import { useCallback, useEffect, useRef, useState } from 'react';

export type LatestLoadStatus = 'loading' | 'ready' | 'failed';

export interface LatestLoad<T> {
  readonly status: LatestLoadStatus;
  /** The last list loaded; kept while a reload runs and after a failed one. */
  readonly items: readonly T[];
  /** Shows loading and reads the list again (after a failure). */
  readonly retry: () => void;
  /** Reads the list again in the background, keeping the one shown meanwhile. Never rejects. */
  readonly reload: () => Promise<void>;
  /** Changes the list locally (after a delete) and discards the answers still on their way. */
  readonly replace: (change: (items: readonly T[]) => readonly T[]) => void;
}

export interface LatestLoadOptions {
  /** Called with the error of each failed request that was still the latest. */
  readonly onError: (error: unknown) => void;
  /** A change of this value reads the list again, as a new `fetch` does. */
  readonly reloadOn?: unknown;
}

/**
 * A list read on mount, again when `fetch` (or `reloadOn`) changes, and on demand. Each request
 * takes a number and only the latest may set the state: requests can answer out of order, and a
 * slow, earlier answer must not overwrite a newer list (or bring back an item removed meanwhile).
 * Unmounting, or a new `fetch`, supersedes every request on its way. A null `fetch` reads nothing
 * and stays loading.
 */
export function useLatestLoad<T>(fetch: (() => Promise<readonly T[]>) | null, options: LatestLoadOptions): LatestLoad<T> {
  const { onError, reloadOn } = options;
  const [state, setState] = useState<{ readonly status: LatestLoadStatus; readonly items: readonly T[] }>({
    status: 'loading',
    items: [],
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  // A new onError closure (a re-render) must not read the list again: only fetch and reloadOn do.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  const reload = useCallback((): Promise<void> => {
    if (fetch === null) return Promise.resolve();
    latest.current += 1;
    const request = latest.current;
    return fetch().then(
      (items) => {
        if (request === latest.current) setState({ status: 'ready', items });
      },
      (error: unknown) => {
        onErrorRef.current(error);
        if (request === latest.current) setState((previous) => ({ ...previous, status: 'failed' }));
      },
    );
  }, [fetch]);

  useEffect(() => {
    void reload();
    return () => {
      latest.current += 1;
    };
  }, [reload, attempt, reloadOn]);

  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, status: 'loading' }));
    setAttempt((count) => count + 1);
  }, []);

  const replace = useCallback((change: (items: readonly T[]) => readonly T[]) => {
    latest.current += 1;
    setState((previous) => ({ ...previous, items: change(previous.items) }));
  }, []);

  return { status: state.status, items: state.items, retry, reload, replace };
}
