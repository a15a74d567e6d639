import { useCallback, useEffect, useState } from 'react';
import type { SingleFlight } from './singleFlight';

export type TaskResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/**
 * Runs `task` for an emailed code through its page's single-flight map, once per attempt: the
 * result is null while the current attempt runs, and `retry` starts a new attempt. Keep `task`
 * stable (it depends only on the code and the page's stable loadGateway).
 */
export function useActionCodeTask<T>(
  code: string | null,
  flight: SingleFlight<T>,
  task: (code: string) => Promise<T>,
): { readonly result: TaskResult<T> | null; readonly retry: () => void } {
  const [retries, setRetries] = useState(0);
  const [settled, setSettled] = useState<({ readonly attempt: string } & TaskResult<T>) | null>(null);
  const attempt = `${code ?? ''}#${retries}`;

  useEffect(() => {
    if (code === null) return;
    let current = true;
    flight.run(code, () => task(code)).then(
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
  }, [code, attempt, flight, task]);

  const retry = useCallback(() => {
    setRetries((count) => count + 1);
  }, []);
  return { result: settled?.attempt === attempt ? settled : null, retry };
}
