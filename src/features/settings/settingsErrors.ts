import { AuthServiceError } from '../../data/auth/authGateway';
import { CallableError } from '../../data/functions/callableError';
import { EMAIL_CHANGE_MESSAGES } from '@keyloft/contract/emailChange';

// What the Account Settings actions show when a call fails. Pure: the error → the words.

/** SPEC.md §8 auth table. */
export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
export const WEAK_PASSWORD = 'Password is too weak. Please choose a stronger password.';
export const TOO_MANY_REQUESTS = 'Too many attempts. Please try again later.';
/** Not worded by the spec. */
export const WRONG_CURRENT_PASSWORD = 'Your current account password is incorrect.';
export const RECENT_LOGIN_REQUIRED = 'For your security, please sign out and sign in again, then change your password.';
export const SMS_SEND_FAILED = 'Failed to send verification code. Please try again.';
export const INVALID_CODE = 'Invalid verification code. Please check the code and try again.';
export const CODE_EXPIRED = 'This code has expired. Please request a new one.';
export const ACCOUNT_PASSWORD_FAILED = 'Failed to change your account password. Please try again.';
export const VERIFICATION_SENT = 'Verification email sent! Check your inbox and open the link.';
export const VERIFICATION_FAILED = 'Failed to send verification email. Please try again.';

/** The server refusals of sendCustomEmailChange whose message is written for the user. */
const EMAIL_CHANGE_SHOWN = new Set(['invalid-argument', 'already-exists', 'resource-exhausted']);

export function emailChangeSendError(error: unknown): string {
  if (error instanceof CallableError) {
    if (EMAIL_CHANGE_SHOWN.has(error.code) && error.message.trim() !== '') return error.message;
    if (error.code === 'unavailable') return NETWORK_ERROR;
  }
  return EMAIL_CHANGE_MESSAGES.sendFailed;
}

function authCode(error: unknown): string | null {
  if (!(error instanceof AuthServiceError)) return null;
  return error.code.startsWith('auth/') ? error.code : `auth/${error.code}`;
}

export function accountPasswordError(error: unknown): string {
  switch (authCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return WRONG_CURRENT_PASSWORD;
    case 'auth/weak-password':
      return WEAK_PASSWORD;
    case 'auth/requires-recent-login':
    case 'auth/user-token-expired':
    case 'auth/user-mismatch':
      return RECENT_LOGIN_REQUIRED;
    case 'auth/too-many-requests':
      return TOO_MANY_REQUESTS;
    case 'auth/network-request-failed':
      return NETWORK_ERROR;
    default:
      return ACCOUNT_PASSWORD_FAILED;
  }
}

/** A refused second-factor code while re-authenticating; other failures read as the password change's. */
export function secondFactorError(error: unknown): string {
  switch (authCode(error)) {
    case 'auth/invalid-verification-code':
    case 'auth/missing-code':
      return INVALID_CODE;
    case 'auth/code-expired':
    case 'auth/totp-challenge-timeout':
      return CODE_EXPIRED;
    default:
      return accountPasswordError(error);
  }
}

export function verificationSendError(error: unknown): string {
  if (error instanceof CallableError && error.code === 'resource-exhausted' && error.message.trim() !== '') return error.message;
  if (authCode(error) === 'auth/too-many-requests') return TOO_MANY_REQUESTS;
  if (authCode(error) === 'auth/network-request-failed') return NETWORK_ERROR;
  return VERIFICATION_FAILED;
}
