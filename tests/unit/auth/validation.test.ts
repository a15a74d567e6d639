import { describe, expect, it } from 'vitest';
import {
  canSubmitNewMasterPassword,
  newMasterPasswordRuleStillFails,
  samePasswordWarning,
  signupRuleStillFails,
  validateLogin,
  validateNewMasterPassword,
  validateResetRequest,
  validateSignup,
} from '../../../src/features/auth/validation';

const signup = {
  email: 'ana@example.com',
  accountPassword: 'account-pw',
  confirmAccountPassword: 'account-pw',
  masterPassword: 'master password',
  confirmMasterPassword: 'master password',
};

describe('signup rules (SPEC.md §5)', () => {
  it('accepts a complete, consistent form', () => {
    expect(validateSignup(signup)).toBeNull();
  });
  it('needs an account password the auth service accepts (6 characters or more)', () => {
    expect(validateSignup({ ...signup, accountPassword: '', confirmAccountPassword: '' })).toBe(
      'Password is too weak. Please choose a stronger password.',
    );
    expect(validateSignup({ ...signup, accountPassword: '12345', confirmAccountPassword: '12345' })).toBe(
      'Password is too weak. Please choose a stronger password.',
    );
  });
  it('needs matching account passwords', () => {
    expect(validateSignup({ ...signup, confirmAccountPassword: 'other' })).toBe('Account passwords do not match.');
  });
  it('needs a master password', () => {
    expect(validateSignup({ ...signup, masterPassword: '', confirmMasterPassword: '' })).toBe('Master password is required for signup.');
  });
  it('needs matching master passwords', () => {
    expect(validateSignup({ ...signup, confirmMasterPassword: 'other' })).toBe('Master passwords do not match.');
  });
  it('needs an email of a basic shape', () => {
    expect(validateSignup({ ...signup, email: 'not-an-email' })).toBe('Please enter a valid email address.');
  });
  it('warns, without blocking, when both passwords are the same', () => {
    expect(samePasswordWarning('same', 'same')).toBe(true);
    expect(samePasswordWarning('one', 'two')).toBe(false);
    expect(samePasswordWarning('', '')).toBe(false);
    expect(validateSignup({ ...signup, masterPassword: 'account-pw', confirmMasterPassword: 'account-pw' })).toBeNull();
  });
});

describe('login, reset and third-party rules', () => {
  it('login needs the master password', () => {
    expect(validateLogin({ email: 'ana@example.com', accountPassword: 'x', masterPassword: '' })).toBe(
      'Master password is required to decrypt your vault.',
    );
    expect(validateLogin({ email: 'ana@example.com', accountPassword: 'x', masterPassword: 'm' })).toBeNull();
  });
  it('a reset request needs an email first', () => {
    expect(validateResetRequest('  ')).toBe('Please enter your email address first.');
    expect(validateResetRequest('nope')).toBe('Please enter a valid email address.');
    expect(validateResetRequest('ana@example.com')).toBeNull();
  });
  it('a new third-party user fills and confirms the master password', () => {
    expect(canSubmitNewMasterPassword('a', '')).toBe(false);
    expect(canSubmitNewMasterPassword('', 'a')).toBe(false);
    expect(canSubmitNewMasterPassword('a', 'b')).toBe(true);
    expect(validateNewMasterPassword('a', 'b')).toBe('Master passwords do not match.');
    expect(validateNewMasterPassword('a', 'a')).toBeNull();
  });
});

describe('whether a shown rule message still applies after an edit', () => {
  it('a signup mismatch stops applying as soon as the pair matches', () => {
    const message = 'Master passwords do not match.';
    expect(signupRuleStillFails(message, { ...signup, confirmMasterPassword: 'master passwor' })).toBe(true);
    expect(signupRuleStillFails(message, signup)).toBe(false);
    const accounts = 'Account passwords do not match.';
    expect(signupRuleStillFails(accounts, { ...signup, confirmAccountPassword: 'account-p' })).toBe(true);
    expect(signupRuleStillFails(accounts, signup)).toBe(false);
  });

  it('checks the rule of the message on its own, whatever else is still wrong', () => {
    const broken = { ...signup, email: 'not-an-email', confirmMasterPassword: 'other' };
    expect(signupRuleStillFails('Master passwords do not match.', broken)).toBe(true);
    expect(signupRuleStillFails('Please enter a valid email address.', broken)).toBe(true);
    expect(signupRuleStillFails('Please enter a valid email address.', signup)).toBe(false);
    expect(signupRuleStillFails('Master password is required for signup.', { ...signup, masterPassword: '' })).toBe(true);
    expect(signupRuleStillFails('Password is too weak. Please choose a stronger password.', signup)).toBe(false);
  });

  it('keeps any other message (a service failure) until the next submit', () => {
    expect(signupRuleStillFails('An account with this email already exists. Please sign in instead.', signup)).toBe(true);
    expect(newMasterPasswordRuleStillFails('Failed to complete OAuth login. Please try again.', 'a', 'a')).toBe(true);
  });

  it('the third-party master password step: mismatch and required', () => {
    expect(newMasterPasswordRuleStillFails('Master passwords do not match.', 'secret', 'secre')).toBe(true);
    expect(newMasterPasswordRuleStillFails('Master passwords do not match.', 'secret', 'secret')).toBe(false);
    expect(newMasterPasswordRuleStillFails('Master password is required for signup.', '', 'x')).toBe(true);
    expect(newMasterPasswordRuleStillFails('Master password is required for signup.', 'x', '')).toBe(false);
  });
});

describe('email addresses with hidden characters (issue #16 item 9)', () => {
  const HIDDEN = 'Email addresses cannot contain invisible or text-direction characters.';

  it('are refused at sign-up, sign-in and password reset with their own message', () => {
    for (const char of ['\u202E', '\u2067', '\u200F', '\u061C', '\u200B', '\u2060']) {
      const email = `ana${char}@example.com`;
      expect(validateSignup({ ...signup, email })).toBe(HIDDEN);
      expect(validateLogin({ email, accountPassword: 'x', masterPassword: 'y' })).toBe(HIDDEN);
      expect(validateResetRequest(email)).toBe(HIDDEN);
    }
  });

  it('keep their message only while the address still holds one', () => {
    expect(signupRuleStillFails(HIDDEN, { ...signup, email: 'ana\u202E@example.com' })).toBe(true);
    expect(signupRuleStillFails(HIDDEN, signup)).toBe(false);
    expect(signupRuleStillFails('Please enter a valid email address.', { ...signup, email: 'ana\u202E@example.com' })).toBe(false);
  });
});
