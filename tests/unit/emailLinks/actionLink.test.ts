import { describe, expect, it } from 'vitest';
import { readActionCode } from '../../../src/features/emailLinks/actionLink';

const read = (query: string, mode: 'verifyEmail' | 'resetPassword') => readActionCode(new URLSearchParams(query), mode);

describe('readActionCode', () => {
  it('returns the code when the mode matches', () => {
    expect(read('mode=verifyEmail&oobCode=abc123&apiKey=k&lang=en', 'verifyEmail')).toBe('abc123');
    expect(read('mode=resetPassword&oobCode=xyz', 'resetPassword')).toBe('xyz');
  });

  it('rejects another mode or a missing one', () => {
    expect(read('mode=resetPassword&oobCode=abc', 'verifyEmail')).toBeNull();
    expect(read('mode=verifyEmail&oobCode=abc', 'resetPassword')).toBeNull();
    expect(read('mode=recoverEmail&oobCode=abc', 'verifyEmail')).toBeNull();
    expect(read('oobCode=abc', 'verifyEmail')).toBeNull();
    expect(read('mode=VERIFYEMAIL&oobCode=abc', 'verifyEmail')).toBeNull();
  });

  it('rejects a missing or blank code', () => {
    expect(read('mode=verifyEmail', 'verifyEmail')).toBeNull();
    expect(read('mode=verifyEmail&oobCode=', 'verifyEmail')).toBeNull();
    expect(read('mode=verifyEmail&oobCode=%20%20', 'verifyEmail')).toBeNull();
  });

  it('trims whitespace a mail client may have added around the code', () => {
    expect(read('mode=verifyEmail&oobCode=%20abc%0A', 'verifyEmail')).toBe('abc');
  });
});
