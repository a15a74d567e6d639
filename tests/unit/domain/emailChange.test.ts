import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES, checkNewEmail } from '@keyloft/contract/emailChange';

describe('checkNewEmail (SPEC.md §5 email change)', () => {
  it('has the spec’s words', () => {
    expect(EMAIL_CHANGE_MESSAGES.required).toBe('Email address is required.');
    expect(EMAIL_CHANGE_MESSAGES.invalid).toBe('Please enter a valid email address.');
    expect(EMAIL_CHANGE_MESSAGES.same).toBe('New email address must be different from current email.');
    expect(EMAIL_CHANGE_MESSAGES.sendFailed).toBe('Failed to send email change confirmation. Please try again.');
  });

  it.each([
    ['', null, EMAIL_CHANGE_MESSAGES.required],
    [' \t', 'a@example.com', EMAIL_CHANGE_MESSAGES.required],
    ['ana', null, EMAIL_CHANGE_MESSAGES.invalid],
    ['ana@example', null, EMAIL_CHANGE_MESSAGES.invalid],
    ['an a@example.com', null, EMAIL_CHANGE_MESSAGES.invalid],
    [' ANA@example.com ', 'ana@example.com', EMAIL_CHANGE_MESSAGES.same],
  ])('refuses %j (current %j)', (email, current, message) => {
    expect(checkNewEmail(email, current)).toEqual({ ok: false, message });
  });

  it('returns the trimmed, lower-cased address', () => {
    expect(checkNewEmail(' New@Example.COM ', 'ana@example.com')).toEqual({ ok: true, email: 'new@example.com' });
    expect(checkNewEmail('new@example.com', null)).toEqual({ ok: true, email: 'new@example.com' });
  });
});

describe('checkNewEmail and hidden characters (issue #16 item 9)', () => {
  it('refuses a new address with a bidi control or zero-width character, with its own message', () => {
    for (const char of ['\u202E', '\u2069', '\u200E', '\u200D', '\uFEFF']) {
      expect(checkNewEmail(`new${char}@example.com`, 'old@example.com')).toEqual({
        ok: false,
        message: 'Email addresses cannot contain invisible or text-direction characters.',
      });
    }
  });
});
