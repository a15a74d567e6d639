import { describe, expect, it } from 'vitest';
import { appLinkFor, describeEmailedLink } from '../../../scripts/lib/emailedLinks.mjs';

const code = (requestType: string) => ({
  email: 'ana@example.com',
  oobCode: 'a+b/c=',
  oobLink: `http://127.0.0.1:9099/emulator/action?mode=x&oobCode=a%2Bb%2Fc%3D`,
  requestType,
});

describe('the emailed-link relay of npm start', () => {
  it('turns a password-reset code into a link to the app’s /reset-password page', () => {
    expect(appLinkFor('http://127.0.0.1:5173/', code('PASSWORD_RESET'))).toBe(
      'http://127.0.0.1:5173/reset-password?mode=resetPassword&oobCode=a%2Bb%2Fc%3D',
    );
  });

  it('turns a verification code into a link to /verify-email', () => {
    expect(appLinkFor('http://127.0.0.1:5173', code('VERIFY_EMAIL'))).toBe(
      'http://127.0.0.1:5173/verify-email?mode=verifyEmail&oobCode=a%2Bb%2Fc%3D',
    );
  });

  it('keeps the emulator’s own link for kinds the app has no page for', () => {
    expect(appLinkFor('http://127.0.0.1:5173', code('EMAIL_SIGNIN'))).toBe(code('EMAIL_SIGNIN').oobLink);
  });

  it('prints what the link is for and whom', () => {
    expect(describeEmailedLink('http://127.0.0.1:5173', code('PASSWORD_RESET'))).toBe(
      'Email link (password reset) for ana@example.com: http://127.0.0.1:5173/reset-password?mode=resetPassword&oobCode=a%2Bb%2Fc%3D',
    );
  });
});
