// SPEC.md §8 "MFA": what each failure of second-factor enrolment or removal tells the user. Pure.

export const MFA_MESSAGES = {
  setupError: 'Multi-factor authentication setup error. Please try again.',
  sendFailed: 'Failed to send verification code. Please try again.',
  invalidPhone: 'Please enter a valid phone number.',
  removeFailed: 'Failed to remove authentication method. Please try again.',
  unverifiedEmail: 'Please verify your email address before setting up two-factor authentication.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  notAllowed: 'This two-factor method is not enabled for Keyloft yet. Please contact support.',
  recentLogin: 'For your security, please sign out and sign in again, then try once more.',
  invalidCode: 'Invalid verification code. Please check the code and try again.',
  codeExpired: 'This code has expired. Please request a new one.',
  missingVerificationId: 'Verification ID not found. Please try again.',
  limitReached: 'You already have two authentication methods, the most an account can have.',
  alreadyEnrolled: 'This phone number is already set up as an authentication method.',
  network: 'Network error. Please check your connection and try again.',
} as const;

const BY_CODE: Readonly<Record<string, string>> = {
  'auth/unverified-email': MFA_MESSAGES.unverifiedEmail,
  'auth/invalid-phone-number': MFA_MESSAGES.invalidPhone,
  'auth/missing-phone-number': MFA_MESSAGES.invalidPhone,
  'auth/too-many-requests': MFA_MESSAGES.tooManyRequests,
  'auth/operation-not-allowed': MFA_MESSAGES.notAllowed,
  'auth/admin-restricted-operation': MFA_MESSAGES.notAllowed,
  'auth/requires-recent-login': MFA_MESSAGES.recentLogin,
  'auth/user-token-expired': MFA_MESSAGES.recentLogin,
  'auth/invalid-verification-code': MFA_MESSAGES.invalidCode,
  'auth/missing-code': MFA_MESSAGES.invalidCode,
  'auth/code-expired': MFA_MESSAGES.codeExpired,
  'auth/totp-challenge-timeout': MFA_MESSAGES.codeExpired,
  'auth/missing-verification-id': MFA_MESSAGES.missingVerificationId,
  'auth/invalid-verification-id': MFA_MESSAGES.missingVerificationId,
  'auth/maximum-second-factor-count-exceeded': MFA_MESSAGES.limitReached,
  'auth/second-factor-already-in-use': MFA_MESSAGES.alreadyEnrolled,
  'auth/network-request-failed': MFA_MESSAGES.network,
};

/** What went wrong, for the step that failed: sending a code has its own fallback. */
export type EnrolmentStage = 'send' | 'verify' | 'setup';

function codeOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

export function enrolmentErrorMessage(error: unknown, stage: EnrolmentStage): string {
  const known = BY_CODE[codeOf(error) ?? ''];
  if (known !== undefined) return known;
  return stage === 'send' ? MFA_MESSAGES.sendFailed : MFA_MESSAGES.setupError;
}

export function removalErrorMessage(error: unknown): string {
  const code = codeOf(error);
  if (code === 'auth/requires-recent-login' || code === 'auth/user-token-expired') return MFA_MESSAGES.recentLogin;
  if (code === 'auth/network-request-failed') return MFA_MESSAGES.network;
  return MFA_MESSAGES.removeFailed;
}
