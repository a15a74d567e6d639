// The phone step of MFA enrolment (SPEC.md §3 country codes, §5 "Phone", §9): pure rules, no I/O.

/** The country codes offered, in the spec's order; 'other' lets the user type one. */
export const COUNTRY_CODES = ['+1', '+44', '+49', '+33', '+39', '+34', '+31', '+61', '+81', '+86', '+91', '+55', '+52', '+7', '+82'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const OTHER_COUNTRY = 'other';

/** Longest phone number input accepted, formatting included. */
export const PHONE_INPUT_MAX = 20;
/** A custom country code: '+' and up to 4 digits, so at most 5 characters typed. */
export const CUSTOM_CODE_MAX = 5;
export { VERIFICATION_CODE_LENGTH, cleanVerificationCode, isCompleteVerificationCode } from '@keyloft/contract/mfa';

const MIN_DIGITS: Readonly<Record<string, number>> = {
  '+1': 10, '+44': 10, '+49': 10, '+81': 10, '+91': 10, '+55': 10, '+52': 10, '+7': 10, '+82': 10,
  '+33': 9, '+39': 9, '+34': 9, '+31': 9, '+61': 9,
  '+86': 11,
};

/** SPEC.md §5: the digits a number needs for its country code (8 for any other). */
export function minimumDigits(countryCode: string): number {
  return MIN_DIGITS[countryCode] ?? 8;
}

export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

/** A typed custom country code: '+' then 1 to 4 digits. */
export function isCustomCountryCode(code: string): boolean {
  return /^\+\d{1,4}$/.test(code);
}

/** What the custom country code box keeps of what was typed: a leading '+', digits, 5 characters at most. */
export function cleanCustomCountryCode(input: string): string {
  const digits = digitsOnly(input).slice(0, CUSTOM_CODE_MAX - 1);
  return `+${digits}`;
}

// Groups of digits as each country writes them; other codes show groups of three.
const GROUPS: Readonly<Record<string, readonly number[]>> = {
  '+1': [3, 3, 4],
  '+44': [4, 6],
  '+49': [3, 4, 4],
  '+33': [1, 2, 2, 2, 2],
  '+39': [3, 3, 4],
  '+34': [3, 3, 3],
  '+31': [1, 4, 4],
  '+61': [1, 4, 4],
  '+81': [2, 4, 4],
  '+86': [3, 4, 4],
  '+91': [5, 5],
  '+55': [2, 5, 4],
  '+52': [2, 4, 4],
  '+7': [3, 3, 2, 2],
  '+82': [2, 4, 4],
};

/**
 * The number as typed, shown the country's way: digits only, grouped, never longer than
 * PHONE_INPUT_MAX. '+1' is written (555) 123-4567.
 */
export function formatPhoneNumber(input: string, countryCode: string): string {
  const digits = digitsOnly(input);
  let formatted: string;
  if (countryCode === '+1') {
    const area = digits.slice(0, 3);
    const middle = digits.slice(3, 6);
    const rest = digits.slice(6);
    formatted = digits.length <= 3 ? area : digits.length <= 6 ? `(${area}) ${middle}` : `(${area}) ${middle}-${rest}`;
  } else {
    const sizes = GROUPS[countryCode] ?? [3, 3, 3, 3, 3, 3];
    const parts: string[] = [];
    let at = 0;
    for (const size of sizes) {
      if (at >= digits.length) break;
      parts.push(digits.slice(at, at + size));
      at += size;
    }
    if (at < digits.length) parts.push(digits.slice(at));
    formatted = parts.join(' ');
  }
  return formatted.slice(0, PHONE_INPUT_MAX);
}

/** The E.164 number to verify, or null while the number is too short for its country code. */
export function e164(countryCode: string, input: string): string | null {
  if (!(COUNTRY_CODES as readonly string[]).includes(countryCode) && !isCustomCountryCode(countryCode)) return null;
  const digits = digitsOnly(input);
  if (digits.length < minimumDigits(countryCode) || digits.length > 15) return null;
  return `${countryCode}${digits}`;
}
