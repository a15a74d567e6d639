import { useCallback, useEffect, useRef, useState } from 'react';
import type { SingleFlight } from './singleFlight';

export type TaskResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/**
 * Runs `task(key)` once per key and attempt through `calls` (null key: nothing runs). The result is null
 * while the current attempt runs; `retry` starts a new attempt. Only the key starts a call: a new
 * `task` closure (a re-render) never does, so a call cannot be repeated by accident.
 */
export function useSharedTask<T>(
  key: string | null,
  calls: SingleFlight<T>,
  task: (key: string) => Promise<T>,
): { readonly result: TaskResult<T> | null; readonly retry: () => void } {
  const [retries, setRetries] = useState(0);
  const [settled, setSettled] = useState<({ readonly attempt: string } & TaskResult<T>) | null>(null);
  const taskRef = useRef(task);
  useEffect(() => {
    taskRef.current = task;
  });
  const attempt = key === null ? null : `${key}#${retries}`;

  useEffect(() => {
    if (key === null || attempt === null) return;
    let current = true;
    calls.run(key, () => taskRef.current(key)).then(
      (value) => {
        if (current) setSettled({ attempt, ok: true, value });
      },
      (error: unknown) => {
        if (current) setSettled({ attempt, ok: false, error });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt, calls]);

  const retry = useCallback(() => {
    setRetries((count) => count + 1);
  }, []);
  return { result: attempt !== null && settled?.attempt === attempt ? settled : null, retry };
}
