import { describe, expect, it } from 'vitest';
import {
  MIN_RESET_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  validateResetPassword,
} from '../../../src/features/emailLinks/resetPasswordValidation';

const tooShort = { field: 'newPassword', message: 'Password must be at least 6 characters long.' };
const mismatch = { field: 'confirmPassword', message: 'Passwords do not match.' };

describe('validateResetPassword', () => {
  it('uses the spec wording and minimum', () => {
    expect(MIN_RESET_PASSWORD_LENGTH).toBe(6);
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Password must be at least 6 characters long.');
    expect(PASSWORDS_DO_NOT_MATCH_MESSAGE).toBe('Passwords do not match.');
  });

  it('accepts matching passwords of 6 characters or more', () => {
    expect(validateResetPassword('abcdef', 'abcdef')).toBeNull();
    expect(validateResetPassword('a much longer passphrase', 'a much longer passphrase')).toBeNull();
  });

  it('rejects a password shorter than 6 characters', () => {
    expect(validateResetPassword('abcde', 'abcde')).toStrictEqual(tooShort);
    expect(validateResetPassword('', '')).toStrictEqual(tooShort);
  });

  it('rejects passwords that do not match', () => {
    expect(validateResetPassword('abcdef', 'abcdeg')).toStrictEqual(mismatch);
    expect(validateResetPassword('abcdef', '')).toStrictEqual(mismatch);
    expect(validateResetPassword('abcdef', 'ABCDEF')).toStrictEqual(mismatch);
  });

  it('checks the length before the match', () => {
    expect(validateResetPassword('abc', 'xyz')).toStrictEqual(tooShort);
    expect(validateResetPassword('', 'abcdef')).toStrictEqual(tooShort);
  });

  it('counts characters, not UTF-16 code units', () => {
    // Three emoji are six UTF-16 units but three characters.
    expect(validateResetPassword('🔑🔑🔑', '🔑🔑🔑')).toStrictEqual(tooShort);
    expect(validateResetPassword('🔑🔑🔑🔑🔑🔑', '🔑🔑🔑🔑🔑🔑')).toBeNull();
  });

  it('takes passwords as typed: spaces count and nothing is trimmed', () => {
    expect(validateResetPassword('      ', '      ')).toBeNull();
    expect(validateResetPassword(' abcde', ' abcde')).toBeNull();
    expect(validateResetPassword('abcdef ', 'abcdef')).toStrictEqual(mismatch);
  });
});
