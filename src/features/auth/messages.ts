// Wording of the auth modal that the lead's rule modules do not own: notices and MFA/bot-check
// failures (SPEC.md §4 Signup, §8 MFA). Kept in one place so tests and components share it.

export const AUTH_MESSAGES = {
  verificationSent: 'Verification email sent!',
  smsSendFailed: 'Failed to send verification code. Please try again.',
  botCheckFailed: 'The bot check could not be completed. Please try again.',
  // SPEC.md §8 "Account": a reset email that could not be sent for a reason §8 does not word.
  resetSendFailed: 'Failed to send password reset email. Please try again.',
} as const;

export function resetEmailSent(email: string): string {
  return `If an account exists for ${email.trim()}, a password reset link is on its way.`;
}
