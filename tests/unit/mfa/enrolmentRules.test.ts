import { describe, expect, it } from 'vitest';
import type { MfaFactor } from '../../../src/data/auth/authGateway';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import { MFA_MESSAGES, enrolmentErrorMessage, removalErrorMessage } from '../../../src/features/mfa/enrolmentErrors';
import { MAX_MFA_FACTORS, canAddFactor, enrolledOn, factorLabel, newFactorDisplayName } from '../../../src/features/mfa/factors';

const fail = (code: string) => new AuthServiceError(code);

describe('enrolment error messages (SPEC.md §8 MFA enrolment codes)', () => {
  it.each([
    ['auth/unverified-email', MFA_MESSAGES.unverifiedEmail],
    ['auth/invalid-phone-number', 'Please enter a valid phone number.'],
    ['auth/too-many-requests', MFA_MESSAGES.tooManyRequests],
    ['auth/operation-not-allowed', MFA_MESSAGES.notAllowed],
    ['auth/requires-recent-login', MFA_MESSAGES.recentLogin],
    ['auth/invalid-verification-code', 'Invalid verification code. Please check the code and try again.'],
    ['auth/code-expired', MFA_MESSAGES.codeExpired],
    ['auth/missing-verification-id', 'Verification ID not found. Please try again.'],
    ['auth/maximum-second-factor-count-exceeded', MFA_MESSAGES.limitReached],
  ])('%s → %s', (code, message) => {
    expect(enrolmentErrorMessage(fail(code), 'verify')).toBe(message);
    expect(enrolmentErrorMessage(fail(code), 'send')).toBe(message);
  });

  it('an unknown failure while sending is a failed send; anywhere else, the setup error', () => {
    expect(enrolmentErrorMessage(fail('auth/internal-error'), 'send')).toBe('Failed to send verification code. Please try again.');
    expect(enrolmentErrorMessage(new Error('boom'), 'verify')).toBe('Multi-factor authentication setup error. Please try again.');
    expect(enrolmentErrorMessage(undefined, 'setup')).toBe('Multi-factor authentication setup error. Please try again.');
  });

  it('removal says the spec’s message, or to sign in again when the sign-in is too old', () => {
    expect(removalErrorMessage(fail('auth/internal-error'))).toBe('Failed to remove authentication method. Please try again.');
    expect(removalErrorMessage(new Error('x'))).toBe('Failed to remove authentication method. Please try again.');
    expect(removalErrorMessage(fail('auth/requires-recent-login'))).toBe(MFA_MESSAGES.recentLogin);
  });
});

const phone: MfaFactor = { uid: 'f1', factorId: 'phone', displayName: 'Phone ending 0123', enrollmentTime: 'Sun, 22 Nov 2026 10:00:00 GMT', phoneNumber: '+15555550123' };
const app: MfaFactor = { uid: 'f2', factorId: 'totp', displayName: 'Authenticator app', enrollmentTime: 'not a date', phoneNumber: null };

describe('factors', () => {
  it('allows adding below two factors only (SPEC.md §9)', () => {
    expect(MAX_MFA_FACTORS).toBe(2);
    expect(canAddFactor([])).toBe(true);
    expect(canAddFactor([phone])).toBe(true);
    expect(canAddFactor([phone, app])).toBe(false);
  });

  it('names a new factor by its method, a phone by its last four digits', () => {
    expect(newFactorDisplayName('phone', '+447700900123')).toBe('Phone ending 0123');
    expect(newFactorDisplayName('phone', '12')).toBe('Phone');
    expect(newFactorDisplayName('totp')).toBe('Authenticator app');
  });

  it('labels a factor with its method and name, without repeating the method', () => {
    expect(factorLabel(phone)).toBe('Text message (SMS): Phone ending 0123');
    expect(factorLabel(app)).toBe('Authenticator app');
    expect(factorLabel({ ...phone, displayName: null })).toBe('Text message (SMS): +15555550123');
  });

  it('says when it was added, or nothing for an unreadable date', () => {
    expect(enrolledOn(phone, 'en-GB')).toBe('Added 22 Nov 2026');
    expect(enrolledOn(app)).toBeNull();
  });
});
