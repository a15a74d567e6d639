import { describe, expect, it } from 'vitest';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import {
  actionCodeErrorMessage,
  authErrorCode,
  canRetryActionCode,
  type EmailLinkFlow,
} from '../../../src/features/emailLinks/actionCodeErrors';

const verify: EmailLinkFlow = 'verifyEmail';
const reset: EmailLinkFlow = 'resetPassword';

function message(code: string, flow: EmailLinkFlow) {
  return actionCodeErrorMessage(new AuthServiceError(code), flow);
}

describe('actionCodeErrorMessage', () => {
  it.each([
    [
      'auth/expired-action-code',
      'This verification link has expired. Sign in to request a new verification email.',
      'This password reset link has expired. Request a new one from the sign-in screen.',
    ],
    [
      'auth/invalid-action-code',
      'This verification link is invalid or has already been used. ' +
        'If your email is not verified yet, sign in to request a new one.',
      'Invalid reset code.',
    ],
    [
      'auth/user-disabled',
      'This account has been disabled. Please contact support.',
      'This account has been disabled. Please contact support.',
    ],
    [
      'auth/user-not-found',
      'We could not find the account this verification link was sent for. It may have been deleted.',
      'We could not find the account this reset link was sent for. It may have been deleted.',
    ],
    [
      'auth/weak-password',
      'Password is too weak. Please choose a stronger password.',
      'Password is too weak. Please choose a stronger password.',
    ],
    [
      'auth/requires-recent-login',
      'For your security, please sign in again, then open the link once more.',
      'For your security, please sign in again, then request a new password reset link.',
    ],
    [
      'auth/network-request-failed',
      'Network error. Please check your connection and try again.',
      'Network error. Please check your connection and try again.',
    ],
  ])('maps %s for each page', (code, verifyMessage, resetMessage) => {
    expect(message(code, verify)).toBe(verifyMessage);
    expect(message(code, reset)).toBe(resetMessage);
  });

  const verifyGeneric = 'Something went wrong while verifying your email. Please try again.';
  const resetGeneric = 'Something went wrong while resetting your password. Please try again.';

  it('uses a generic try-again message for an unknown code', () => {
    expect(message('auth/internal-error', verify)).toBe(verifyGeneric);
    expect(message('auth/internal-error', reset)).toBe(resetGeneric);
  });

  it('does not treat inherited object keys as codes', () => {
    expect(message('constructor', verify)).toBe(verifyGeneric);
    expect(message('toString', reset)).toBe(resetGeneric);
  });

  it('uses the generic message for an Error that is not from the auth service', () => {
    expect(actionCodeErrorMessage(new TypeError('Failed to fetch dynamically imported module'), verify)).toBe(
      verifyGeneric,
    );
    expect(actionCodeErrorMessage(new Error('auth/expired-action-code'), reset)).toBe(resetGeneric);
  });

  it('uses the generic message for values that are not errors', () => {
    for (const value of [undefined, null, 'auth/expired-action-code', 42, { code: 'auth/user-disabled' }]) {
      expect(actionCodeErrorMessage(value, verify)).toBe(verifyGeneric);
      expect(actionCodeErrorMessage(value, reset)).toBe(resetGeneric);
    }
  });

  it('gives every mapped code a message different from the generic one', () => {
    for (const code of [
      'auth/expired-action-code',
      'auth/invalid-action-code',
      'auth/user-disabled',
      'auth/user-not-found',
      'auth/weak-password',
      'auth/requires-recent-login',
    ]) {
      expect(message(code, verify)).not.toBe(verifyGeneric);
      expect(message(code, reset)).not.toBe(resetGeneric);
    }
  });
});

describe('authErrorCode', () => {
  it('reads the code of an AuthServiceError only', () => {
    expect(authErrorCode(new AuthServiceError('auth/user-disabled', 'disabled'))).toBe('auth/user-disabled');
    expect(authErrorCode(new Error('auth/user-disabled'))).toBeNull();
    expect(authErrorCode({ code: 'auth/user-disabled' })).toBeNull();
    expect(authErrorCode(undefined)).toBeNull();
  });
});

describe('canRetryActionCode', () => {
  it.each([
    'auth/expired-action-code',
    'auth/invalid-action-code',
    'auth/user-disabled',
    'auth/user-not-found',
    'auth/requires-recent-login',
  ])('is false for %s: the same link cannot succeed', (code) => {
    expect(canRetryActionCode(new AuthServiceError(code))).toBe(false);
  });

  it.each(['auth/weak-password', 'auth/network-request-failed', 'auth/internal-error'])(
    'is true for %s',
    (code) => {
      expect(canRetryActionCode(new AuthServiceError(code))).toBe(true);
    },
  );

  it('is true for failures that are not from the auth service', () => {
    expect(canRetryActionCode(new TypeError('Failed to fetch'))).toBe(true);
    expect(canRetryActionCode('boom')).toBe(true);
  });
});
