import { describe, expect, it } from 'vitest';
import {
  InvalidCurrentMasterPasswordError,
  MASTER_PASSWORD_CHANGE_MESSAGES,
  validateMasterPasswordChange,
} from '../../../src/features/settings/masterPasswordChange';

const check = (current: string, next: string, confirm = next) => validateMasterPasswordChange({ current, next, confirm });
const refusal = (message: string) => ({ ok: false, message });

describe('validateMasterPasswordChange (SPEC.md §5)', () => {
  it('states the spec messages verbatim', () => {
    expect(MASTER_PASSWORD_CHANGE_MESSAGES.required).toBe('All fields are required');
    expect(MASTER_PASSWORD_CHANGE_MESSAGES.mismatch).toBe('New passwords do not match');
    expect(MASTER_PASSWORD_CHANGE_MESSAGES.tooShort).toBe('New master password must be at least 6 characters');
    expect(MASTER_PASSWORD_CHANGE_MESSAGES.unchanged).toBe('New master password must be different from current password');
    expect(MASTER_PASSWORD_CHANGE_MESSAGES.invalidCurrent).toBe('Invalid current master password');
  });

  it.each([
    ['the current password', '', 'new-secret', 'new-secret'],
    ['the new password', 'old-secret', '', 'new-secret'],
    ['the confirmation', 'old-secret', 'new-secret', ''],
    ['everything', '', '', ''],
  ])('requires every field: missing %s', (_what, current, next, confirm) => {
    expect(check(current, next, confirm)).toEqual(refusal('All fields are required'));
  });

  it('refuses a confirmation that differs', () => {
    expect(check('old-secret', 'new-secret', 'new-secreT')).toEqual(refusal('New passwords do not match'));
  });

  it('checks the match before the length', () => {
    expect(check('old-secret', 'abc', 'abd')).toEqual(refusal('New passwords do not match'));
  });

  it('refuses fewer than 6 characters and accepts exactly 6', () => {
    expect(check('old-secret', '12345')).toEqual(refusal('New master password must be at least 6 characters'));
    expect(check('old-secret', '123456')).toEqual({ ok: true });
  });

  it('counts characters, not UTF-16 units', () => {
    // Three emoji are six UTF-16 units but three characters.
    expect(check('old-secret', '🔑🔑🔑')).toEqual(refusal('New master password must be at least 6 characters'));
  });

  it('checks the length before sameness', () => {
    expect(check('abc', 'abc')).toEqual(refusal('New master password must be at least 6 characters'));
  });

  it('refuses the current password as the new one', () => {
    expect(check('same-secret', 'same-secret')).toEqual(refusal('New master password must be different from current password'));
  });

  it('treats the same password in another Unicode form as the same (the KDF normalises to NFC)', () => {
    const composed = 'caf\u00e9-secret';
    const decomposed = 'cafe\u0301-secret';
    expect(check(composed, decomposed)).toEqual(refusal('New master password must be different from current password'));
    expect(check('old-secret', composed, decomposed)).toEqual({ ok: true });
  });

  it('does not trim: spaces are part of a password', () => {
    expect(check('secret', ' secret ')).toEqual({ ok: true });
    expect(check('old-secret', 'new-secret', 'new-secret ')).toEqual(refusal('New passwords do not match'));
  });

  it('accepts a valid change', () => {
    expect(check('old-secret', 'new-secret')).toEqual({ ok: true });
  });
});

describe('InvalidCurrentMasterPasswordError', () => {
  it('carries the spec message', () => {
    const error = new InvalidCurrentMasterPasswordError();
    expect(error.message).toBe('Invalid current master password');
    expect(error).toBeInstanceOf(Error);
  });
});
