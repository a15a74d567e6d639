import { useCallback } from 'react';
import { useSubmit as useSharedSubmit, type Submit } from '../../ui/useSubmit';
import { errorTargets, toFormError, type AuthField, type FormError } from './formError';

export interface Submission extends Submit<FormError> {
  /** The error's element id when the error is about `field`, for aria-describedby. */
  readonly errorIdFor: (field: AuthField) => string | null;
}

/** An auth form's submit: its errors say which fields they are about. */
export function useSubmit(errorId: string, initialError: FormError | null = null): Submission {
  const submission = useSharedSubmit(toFormError, initialError);
  const { error } = submission;
  const errorIdFor = useCallback((field: AuthField) => (errorTargets(error, field) ? errorId : null), [error, errorId]);
  return { ...submission, errorIdFor };
}
