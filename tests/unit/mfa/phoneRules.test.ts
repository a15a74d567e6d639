import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  PHONE_INPUT_MAX,
  cleanCustomCountryCode,
  cleanVerificationCode,
  e164,
  formatPhoneNumber,
  isCompleteVerificationCode,
  isCustomCountryCode,
  minimumDigits,
} from '../../../src/features/mfa/phoneRules';

describe('phone rules (SPEC.md §5)', () => {
  it('offers the spec’s country codes in its order', () => {
    expect(COUNTRY_CODES).toEqual(['+1', '+44', '+49', '+33', '+39', '+34', '+31', '+61', '+81', '+86', '+91', '+55', '+52', '+7', '+82']);
  });

  it.each([
    ...['+1', '+44', '+49', '+81', '+91', '+55', '+52', '+7', '+82'].map((code) => [code, 10] as const),
    ...['+33', '+39', '+34', '+31', '+61'].map((code) => [code, 9] as const),
    ['+86', 11] as const,
    ['+351', 8] as const,
    ['+9999', 8] as const,
  ])('needs at least the digits of its country code: %s → %i', (code, digits) => {
    expect(minimumDigits(code)).toBe(digits);
    expect(e164(code, '5'.repeat(digits - 1))).toBeNull();
    expect(e164(code, '5'.repeat(digits))).toBe(`${code}${'5'.repeat(digits)}`);
  });

  it('keeps digits only and formats by country', () => {
    expect(formatPhoneNumber('555a1234567', '+1')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('55', '+1')).toBe('55');
    expect(formatPhoneNumber('55512', '+1')).toBe('(555) 12');
    expect(formatPhoneNumber('7911123456', '+44')).toBe('7911 123456');
    expect(formatPhoneNumber('612345678', '+33')).toBe('6 12 34 56 78');
    expect(formatPhoneNumber('1234567890', '+351')).toBe('123 456 789 0');
  });

  it('never shows more than 20 characters', () => {
    expect(formatPhoneNumber('1'.repeat(40), '+33').length).toBeLessThanOrEqual(PHONE_INPUT_MAX);
    expect(formatPhoneNumber('1'.repeat(40), '+1').length).toBeLessThanOrEqual(PHONE_INPUT_MAX);
  });

  it('takes a custom country code of + and up to 4 digits', () => {
    expect(isCustomCountryCode('+351')).toBe(true);
    expect(isCustomCountryCode('+12345')).toBe(false);
    expect(isCustomCountryCode('351')).toBe(false);
    expect(isCustomCountryCode('+')).toBe(false);
    expect(cleanCustomCountryCode('351')).toBe('+351');
    expect(cleanCustomCountryCode('+3a5b1c9d9')).toBe('+3519');
    expect(e164('+12a', '12345678')).toBeNull();
  });

  it('keeps a verification code to 6 digits, and is complete only at 6', () => {
    expect(cleanVerificationCode('12a34 5678')).toBe('123456');
    expect(cleanVerificationCode('abc')).toBe('');
    expect(isCompleteVerificationCode('12345a')).toBe(false);
    expect(isCompleteVerificationCode('12345')).toBe(false);
    expect(isCompleteVerificationCode('123456')).toBe(true);
  });
});
