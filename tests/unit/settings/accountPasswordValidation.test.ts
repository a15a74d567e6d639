import { describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD_MESSAGES as M, validateAccountPasswordChange } from '../../../src/features/settings/accountPasswordValidation';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { CallableError } from '../../../src/data/functions/callableError';
import {
  ACCOUNT_PASSWORD_FAILED,
  RECENT_LOGIN_REQUIRED,
  WEAK_PASSWORD,
  WRONG_CURRENT_PASSWORD,
  accountPasswordError,
  emailChangeSendError,
} from '../../../src/features/settings/settingsErrors';

describe('validateAccountPasswordChange', () => {
  it.each([
    ['', 'newpass', 'newpass', M.required],
    ['old', '', 'newpass', M.required],
    ['old', 'newpass', '', M.required],
    ['old', 'newpass', 'newpasz', M.mismatch],
    ['old', 'short', 'short', M.tooShort],
    ['samepass', 'samepass', 'samepass', M.same],
  ])('refuses (%j, %j, %j)', (current, next, confirm, message) => {
    expect(validateAccountPasswordChange(current, next, confirm)).toBe(message);
  });

  it('accepts a different new password of 6 characters or more', () => {
    expect(validateAccountPasswordChange('oldpass', 'newpas', 'newpas')).toBeNull();
  });
});

describe('accountPasswordError', () => {
  it.each([
    ['auth/wrong-password', WRONG_CURRENT_PASSWORD],
    ['auth/invalid-credential', WRONG_CURRENT_PASSWORD],
    ['auth/weak-password', WEAK_PASSWORD],
    ['auth/requires-recent-login', RECENT_LOGIN_REQUIRED],
    ['requires-recent-login', RECENT_LOGIN_REQUIRED],
    ['auth/internal-error', ACCOUNT_PASSWORD_FAILED],
  ])('maps %s', (code, message) => {
    expect(accountPasswordError(new AuthServiceError(code))).toBe(message);
  });

  it('is generic for anything else', () => {
    expect(accountPasswordError(new Error('x'))).toBe(ACCOUNT_PASSWORD_FAILED);
  });
});

describe('emailChangeSendError', () => {
  it('shows our refusals and hides the rest behind the §8 message', () => {
    expect(emailChangeSendError(new CallableError('resource-exhausted', 'Too many.'))).toBe('Too many.');
    expect(emailChangeSendError(new CallableError('internal', 'detail'))).toBe('Failed to send email change confirmation. Please try again.');
  });
});
