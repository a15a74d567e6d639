import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthServiceError, MfaRequiredError } from '../../../src/data/auth/authGateway';
import { UNEXPECTED_ERROR } from '../../../src/features/auth/authErrorMessages';
import { FlowError, MESSAGES } from '../../../src/features/auth/flows/errors';
import { errorTargets, toFormError, validationError } from '../../../src/features/auth/formError';
import { VALIDATION } from '../../../src/features/auth/validation';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('validationError', () => {
  it.each([
    [VALIDATION.invalidEmail, ['email']],
    [VALIDATION.emailRequiredForReset, ['email']],
    [VALIDATION.accountPasswordsDiffer, ['confirmAccountPassword']],
    [VALIDATION.masterPasswordsDiffer, ['confirmMasterPassword']],
    [VALIDATION.masterPasswordRequiredForSignup, ['masterPassword']],
    [VALIDATION.masterPasswordRequiredForLogin, ['masterPassword']],
    [MESSAGES.invalidMasterPassword, ['masterPassword']],
    [MESSAGES.userDataNotFound, []],
  ])('puts %s on %o', (message, fields) => {
    expect(validationError(message)).toEqual({ message, fields });
  });
});

describe('toFormError', () => {
  it("shows a FlowError's own message", () => {
    expect(toFormError(new FlowError(MESSAGES.invalidMasterPassword))).toEqual({
      message: MESSAGES.invalidMasterPassword,
      fields: ['masterPassword'],
    });
  });

  it('maps auth codes to the catalogue and to the fields they are about', () => {
    expect(toFormError(new AuthServiceError('auth/wrong-password'))).toEqual({
      message: 'Invalid email or password. Please check your credentials and try again.',
      fields: ['email', 'accountPassword'],
    });
    expect(toFormError(new AuthServiceError('invalid-verification-code')).fields).toEqual(['code']);
    expect(toFormError(new AuthServiceError('auth/too-many-requests'))).toEqual({
      message: 'Too many failed login attempts. Please try again later.',
      fields: [],
    });
  });

  it('logs and hides anything unexpected, including unmapped auth codes', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(toFormError(new TypeError('boom'))).toEqual({ message: UNEXPECTED_ERROR, fields: [] });
    expect(toFormError(new AuthServiceError('auth/internal-error')).message).toBe(UNEXPECTED_ERROR);
    expect(toFormError(new MfaRequiredError({ hints: [], sendSmsCode: vi.fn(), verify: vi.fn() })).message).toBe(UNEXPECTED_ERROR);
    expect(consoleError).toHaveBeenCalledTimes(3);
  });

  it('does not log what it can explain', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    toFormError(new AuthServiceError('auth/user-disabled'));
    toFormError(new FlowError('x'));
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('errorTargets', () => {
  it('is true only for the fields the error names', () => {
    const error = validationError(VALIDATION.masterPasswordsDiffer);
    expect(errorTargets(error, 'confirmMasterPassword')).toBe(true);
    expect(errorTargets(error, 'masterPassword')).toBe(false);
    expect(errorTargets(null, 'email')).toBe(false);
  });
});
