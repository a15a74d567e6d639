import { describe, expect, it } from 'vitest';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { authErrorMessage } from '../../../src/features/auth/authErrorMessages';

describe('the auth error table of SPEC.md §8', () => {
  it.each([
    ['invalid-credential', 'Invalid email or password. Please check your credentials and try again.'],
    ['wrong-password', 'Invalid email or password. Please check your credentials and try again.'],
    ['user-not-found', 'Invalid email or password. Please check your credentials and try again.'],
    ['missing-password', 'Invalid email or password. Please check your credentials and try again.'],
    ['user-disabled', 'This account has been disabled. Please contact support.'],
    ['too-many-requests', 'Too many failed login attempts. Please try again later.'],
    ['email-already-in-use', 'An account with this email already exists. Please sign in instead.'],
    ['weak-password', 'Password is too weak. Please choose a stronger password.'],
    ['invalid-email', 'Please enter a valid email address.'],
    ['network-request-failed', 'Network error. Please check your connection and try again.'],
    ['multi-factor-auth-required', 'Two-factor authentication required. Please verify your phone number.'],
    ['account-exists-with-different-credential', 'An account already exists with this email using a different sign-in method.'],
    ['credential-already-in-use', 'This credential is already associated with a different account.'],
    ['operation-not-allowed', 'GitHub authentication is not enabled. Please contact support.'],
    ['invalid-verification-code', 'Invalid verification code. Please check the code and try again.'],
    ['missing-verification-id', 'Verification ID not found. Please try again.'],
    ['unsupported-mfa-method', 'Unsupported MFA method.'],
  ])('auth/%s → %s', (code, message) => {
    expect(authErrorMessage(new AuthServiceError(`auth/${code}`))).toBe(message);
    expect(authErrorMessage(new AuthServiceError(code))).toBe(message);
  });

  it('anything else is unexpected', () => {
    expect(authErrorMessage(new AuthServiceError('auth/internal-error'))).toBe('An unexpected error occurred. Please try again.');
    expect(authErrorMessage(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
    expect(authErrorMessage('nope')).toBe('An unexpected error occurred. Please try again.');
  });
});
