/** SPEC §9: minimum length of a reset password. */
export const MIN_RESET_PASSWORD_LENGTH = 6;

// Written out (not built from the constant) so the spec's wording is searchable as it stands.
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 6 characters long.';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.';

export type ResetPasswordField = 'newPassword' | 'confirmPassword';

export type ResetPasswordIssue = {
  /** The field the message belongs to, so the form can mark and focus it. */
  readonly field: ResetPasswordField;
  readonly message: string;
};

/** Length in characters as a person counts them (code points), not UTF-16 units. */
function characterCount(value: string): number {
  return Array.from(value).length;
}

/**
 * The first problem with the reset form, or null. Length is checked first: a confirmation that
 * matches a too-short password is still rejected, and the user fixes one field at a time.
 * Passwords are taken as typed; spaces count and nothing is trimmed.
 */
export function validateResetPassword(newPassword: string, confirmPassword: string): ResetPasswordIssue | null {
  if (characterCount(newPassword) < MIN_RESET_PASSWORD_LENGTH) {
    return { field: 'newPassword', message: PASSWORD_TOO_SHORT_MESSAGE };
  }
  if (newPassword !== confirmPassword) {
    return { field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH_MESSAGE };
  }
  return null;
}
