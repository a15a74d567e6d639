// Change Account Password: the checks made before asking the auth service. Pure.

export const ACCOUNT_PASSWORD_MIN_LENGTH = 6;

export const ACCOUNT_PASSWORD_MESSAGES = Object.freeze({
  required: 'All fields are required',
  // SPEC.md §5 (sign-up): the account password and its confirmation.
  mismatch: 'Account passwords do not match.',
  tooShort: `New account password must be at least ${ACCOUNT_PASSWORD_MIN_LENGTH} characters`,
  same: 'New account password must be different from current password',
  changed: 'Your account password has been changed.',
});

export function validateAccountPasswordChange(current: string, next: string, confirm: string): string | null {
  if (current === '' || next === '' || confirm === '') return ACCOUNT_PASSWORD_MESSAGES.required;
  if (next !== confirm) return ACCOUNT_PASSWORD_MESSAGES.mismatch;
  if (next.length < ACCOUNT_PASSWORD_MIN_LENGTH) return ACCOUNT_PASSWORD_MESSAGES.tooShort;
  if (next === current) return ACCOUNT_PASSWORD_MESSAGES.same;
  return null;
}
