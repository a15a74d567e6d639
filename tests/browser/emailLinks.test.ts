// The emailed-link pages in Chromium with real codes from the Auth emulator.
import { describe, expect, inject, it } from 'vitest';
import {
  createAccount,
  latestOobCode,
  lookup,
  sendResetEmail,
  sendVerificationEmail,
  signInWithPassword,
  uniqueEmail,
} from '../support/authEmulator';
import { relayEmailedLinks } from '../../scripts/lib/emailedLinks.mjs';
import { expectNoPageErrors, openPage, useChromium } from './chromium';

const baseUrl = inject('baseUrl');
useChromium();

describe('/reset-password with a real code', () => {
  it('follows the link `npm start` prints to /reset-password, sets a new password, then goes to / after 3 s', async () => {
    const email = uniqueEmail('reset');
    await createAccount(email, 'old-password');
    const printed: string[] = [];
    const relay = relayEmailedLinks({ appUrl: baseUrl, print: (line) => printed.push(line), intervalMs: 100 });
    await sendResetEmail(email);
    await expect.poll(() => printed.find((line) => line.includes(email)), { timeout: 5_000 }).toBeDefined();
    relay.stop();
    const line = printed.find((entry) => entry.includes(email)) ?? '';
    expect(line).toMatch(/^Email link \(password reset\) for /);
    const link = line.slice(line.indexOf('http'));
    expect(link.startsWith(`${baseUrl}/reset-password?mode=resetPassword&oobCode=`)).toBe(true);

    const { page, errors } = await openPage();
    await page.goto(link);
    await page.getByText(email).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
    await page.getByLabel('Confirm new password').fill('brand-new-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Password reset' }).waitFor();
    await page.waitForURL(`${baseUrl}/`, { timeout: 6_000 });

    await expect(signInWithPassword(email, 'brand-new-password')).resolves.toHaveProperty('idToken');
    await expect(signInWithPassword(email, 'old-password')).rejects.toThrow();
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('checks the form before sending anything', async () => {
    const email = uniqueEmail('resetform');
    await createAccount(email, 'old-password');
    await sendResetEmail(email);
    const code = await latestOobCode(email, 'PASSWORD_RESET');

    const { page } = await openPage();
    await page.goto(`${baseUrl}/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password must be at least 6 characters long.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('long-enough');
    await page.getByLabel('Confirm new password').fill('long-enougH');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match.').waitFor();
    // Nothing was changed: the old password still works.
    await expect(signInWithPassword(email, 'old-password')).resolves.toHaveProperty('idToken');
    await page.context().close();
  });

  it('refuses a code that does not exist', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/reset-password?mode=resetPassword&oobCode=not-a-real-code`);
    await page.getByText('Invalid reset code.').waitFor();
    await page.context().close();
  });
});

describe('/verify-email with a real code', () => {
  it('verifies the address, then goes to /dashboard after 3 s', async () => {
    const email = uniqueEmail('verify');
    const { idToken } = await createAccount(email, 'password-1');
    await sendVerificationEmail(idToken);
    const code = await latestOobCode(email, 'VERIFY_EMAIL');

    const { page, errors } = await openPage();
    await page.goto(`${baseUrl}/verify-email?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`);
    await page.getByRole('heading', { name: 'Email verified!' }).waitFor();
    await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 6_000 });
    expect((await lookup(idToken)).emailVerified).toBe(true);
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('says a link without a code is invalid', async () => {
    const { page } = await openPage();
    await page.goto(`${baseUrl}/verify-email?mode=verifyEmail`);
    await page.getByRole('heading', { name: 'Invalid verification link' }).waitFor();
    await page.context().close();
  });
});
