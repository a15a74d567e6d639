import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_APP_URL,
  decideVerificationEmail,
  developmentLinksAllowed,
  oobCodeFromLink,
  runsOnEmulator,
  verificationLink,
} from '../../src/verification/decide';

const base = { email: 'ana@example.com', emailVerified: false, isDevelopment: false, onEmulator: false, appUrl: 'https://keyloft.app' };

describe('decideVerificationEmail', () => {
  it('sends to the account address with the production app URL', () => {
    expect(decideVerificationEmail(base)).toEqual({ kind: 'send', to: 'ana@example.com', continueBase: 'https://keyloft.app' });
  });

  it('points at the local Vite dev server in development on the emulator', () => {
    expect(decideVerificationEmail({ ...base, isDevelopment: true, onEmulator: true })).toEqual({
      kind: 'send',
      to: 'ana@example.com',
      continueBase: 'http://127.0.0.1:5173',
    });
    expect(DEVELOPMENT_APP_URL).toBe('http://127.0.0.1:5173');
  });

  it('ignores a request for development links in production', () => {
    expect(decideVerificationEmail({ ...base, isDevelopment: true, onEmulator: false })).toEqual({
      kind: 'send',
      to: 'ana@example.com',
      continueBase: 'https://keyloft.app',
    });
  });

  it('uses the app URL on the emulator unless development links are asked for', () => {
    expect(decideVerificationEmail({ ...base, onEmulator: true })).toMatchObject({ continueBase: 'https://keyloft.app' });
  });

  it('drops trailing slashes from the configured URL', () => {
    expect(decideVerificationEmail({ ...base, appUrl: 'https://staging.keyloft.app//' })).toMatchObject({
      continueBase: 'https://staging.keyloft.app',
    });
  });

  it('refuses an account without an email address', () => {
    for (const email of [undefined, '', '   ']) {
      expect(decideVerificationEmail({ ...base, email })).toMatchObject({ kind: 'refuse', code: 'failed-precondition' });
    }
  });

  it('refuses an address that is already verified', () => {
    expect(decideVerificationEmail({ ...base, emailVerified: true })).toEqual({
      kind: 'refuse',
      code: 'failed-precondition',
      message: 'This email address is already verified.',
    });
  });
});

describe('developmentLinksAllowed', () => {
  it.each([
    [false, false, false],
    [true, false, false],
    [false, true, false],
    [true, true, true],
  ])('requested %s, on the emulator %s: %s', (requested, onEmulator, allowed) => {
    expect(developmentLinksAllowed(requested, onEmulator)).toBe(allowed);
  });
});

describe('runsOnEmulator', () => {
  it('is true only when the Functions emulator says so', () => {
    expect(runsOnEmulator({ FUNCTIONS_EMULATOR: 'true' })).toBe(true);
    for (const value of [undefined, '', 'false', 'TRUE', '1']) expect(runsOnEmulator({ FUNCTIONS_EMULATOR: value })).toBe(false);
    expect(runsOnEmulator({})).toBe(false);
  });
});

describe('oobCodeFromLink', () => {
  it('reads the code from an emulator or production action link', () => {
    expect(oobCodeFromLink('http://127.0.0.1:9099/emulator/action?mode=verifyEmail&lang=en&oobCode=AbC_123-x&apiKey=fake')).toBe(
      'AbC_123-x',
    );
    expect(oobCodeFromLink('https://demo.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=XYZ&apiKey=k&lang=en')).toBe('XYZ');
  });

  it('decodes a url-encoded code', () => {
    expect(oobCodeFromLink('https://x.test/action?oobCode=a%2Bb%2Fc%3D&mode=verifyEmail')).toBe('a+b/c=');
  });

  it('returns null when the code is absent or empty', () => {
    expect(oobCodeFromLink('https://x.test/action?mode=verifyEmail')).toBeNull();
    expect(oobCodeFromLink('https://x.test/action?mode=verifyEmail&oobCode=')).toBeNull();
  });

  it('returns null for garbage', () => {
    expect(oobCodeFromLink('')).toBeNull();
    expect(oobCodeFromLink('not a url oobCode=abc')).toBeNull();
    expect(oobCodeFromLink('/relative?oobCode=abc')).toBeNull();
  });
});

describe('verificationLink', () => {
  it('links to our page with the code encoded', () => {
    expect(verificationLink('http://127.0.0.1:5173', 'a+b/c=')).toBe(
      'http://127.0.0.1:5173/verify-email?mode=verifyEmail&oobCode=a%2Bb%2Fc%3D',
    );
  });

  it('round-trips through the parser', () => {
    expect(oobCodeFromLink(verificationLink('https://keyloft.app', 'a+b/c=&d'))).toBe('a+b/c=&d');
  });
});
