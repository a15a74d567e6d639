import { AuthServiceError } from '../../data/auth/authGateway';

// SPEC.md §8 "Auth errors and messages": the service's code → what the user reads.

const BY_CODE: Readonly<Record<string, string>> = {
  'auth/invalid-credential': 'Invalid email or password. Please check your credentials and try again.',
  'auth/wrong-password': 'Invalid email or password. Please check your credentials and try again.',
  'auth/user-not-found': 'Invalid email or password. Please check your credentials and try again.',
  // An empty account password at sign-in: the same answer as a wrong one.
  'auth/missing-password': 'Invalid email or password. Please check your credentials and try again.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/too-many-requests': 'Too many failed login attempts. Please try again later.',
  'auth/email-already-in-use': 'An account with this email already exists. Please sign in instead.',
  'auth/weak-password': 'Password is too weak. Please choose a stronger password.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/network-request-failed': 'Network error. Please check your connection and try again.',
  'auth/multi-factor-auth-required': 'Two-factor authentication required. Please verify your phone number.',
  'auth/account-exists-with-different-credential':
    'An account already exists with this email using a different sign-in method.',
  'auth/credential-already-in-use': 'This credential is already associated with a different account.',
  'auth/operation-not-allowed': 'GitHub authentication is not enabled. Please contact support.',
  'auth/invalid-verification-code': 'Invalid verification code. Please check the code and try again.',
  'auth/missing-verification-id': 'Verification ID not found. Please try again.',
  'auth/unsupported-mfa-method': 'Unsupported MFA method.',
};

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** The code of an auth failure, accepting 'auth/x' or bare 'x'. */
export function authErrorCode(error: unknown): string | null {
  if (error instanceof AuthServiceError) return error.code.startsWith('auth/') ? error.code : `auth/${error.code}`;
  return null;
}

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code !== null ? BY_CODE[code] : undefined) ?? UNEXPECTED_ERROR;
}
