import { useCallback, useRef, useState } from 'react';
import { errorTargets, toFormError, type AuthField, type FormError } from './formError';

export interface Submission {
  readonly busy: boolean;
  readonly error: FormError | null;
  /** Runs the action once at a time (a second submit while one runs is dropped); a throw becomes the error. */
  readonly submit: (action: () => Promise<void>) => Promise<void>;
  readonly setError: (error: FormError | null) => void;
  /** The error's element id when the error is about `field`, for aria-describedby. */
  readonly errorIdFor: (field: AuthField) => string | null;
}

/** Busy flag and error message of one form, with double submits ignored. */
export function useSubmit(errorId: string, initialError: FormError | null = null): Submission {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(initialError);
  const running = useRef(false);

  const submit = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(toFormError(failure));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  const errorIdFor = useCallback((field: AuthField) => (errorTargets(error, field) ? errorId : null), [error, errorId]);

  return { busy, error, submit, setError, errorIdFor };
}
