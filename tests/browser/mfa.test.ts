// Two-factor enrolment in Chromium on the real Auth emulator (SPEC.md §4 "MFA enrolment"): the
// verified-address poll, phone enrolment with the emulator's SMS codes, the two-factor limit,
// removal, the notices, and a sign-in that then asks for the code. TOTP is not supported by the
// Auth emulator (ENGINEERING.md §5); it is tested at the component tier.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { latestSmsCode, markEmailVerified, signInWithPassword, smsCodesFor } from '../support/authEmulator';
import { outboxFilesFor } from '../support/outbox';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { ACCOUNT_PASSWORD, MASTER_PASSWORD, signUpToEmptyVault, waitForSignedOut } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

const TITLE = 'Set Up Two-Factor Authentication';

/**
 * Before sending an SMS the SDK asks for the project's reCAPTCHA Enterprise config, which the Auth
 * emulator does not implement (501); the SDK then uses the classic verifier, which
 * appVerificationDisabledForTesting satisfies. Any other console error fails the test.
 */
function unexpected(errors: readonly string[]): string[] {
  return errors.filter((error) => !(error.includes('501') && error.includes('/v2/recaptchaConfig')));
}
const ADD = 'Add Authentication Method';

async function enrolPhone(page: Page, country: string, national: string, e164: string): Promise<void> {
  const overlay = page.getByRole('dialog', { name: TITLE });
  await overlay.getByRole('button', { name: 'Text message (SMS)' }).click();
  await overlay.getByLabel('Country code').selectOption(country);
  await overlay.getByLabel('Phone number').fill(national);
  await overlay.getByRole('button', { name: 'Send Code' }).click();
  await overlay.getByText(`Enter the 6-digit code we sent to ${e164}.`).waitFor({ timeout: 15_000 });
  await overlay.getByLabel('Verification code').fill(await latestSmsCode(e164));
  await overlay.getByRole('button', { name: 'Verify' }).click();
  await overlay.getByText('Two-factor authentication is on.').waitFor({ timeout: 15_000 });
  await overlay.getByRole('button', { name: 'Done' }).click();
  await overlay.waitFor({ state: 'detached' });
}

function twoFactorSection(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Account Settings' }).getByRole('region', { name: 'Two-factor authentication' });
}

describe('two-factor enrolment in Chromium', () => {
  it('waits for the address to be verified, enrols two phones, hides Add at two, removes one; a password change and the next sign-in ask for the code', async () => {
    const { page, errors } = await openPage();
    const email = await signUpToEmptyVault(page, baseUrl, 'mfa-enrol');

    await page.getByRole('button', { name: 'Account Settings' }).click();
    const section = twoFactorSection(page);
    await section.getByText(/^Off\./).waitFor();
    await section.getByRole('button', { name: ADD }).click();
    const overlay = page.getByRole('dialog', { name: TITLE });
    await overlay.getByText(/needs a verified email address/).waitFor({ timeout: 10_000 });
    expect(await overlay.getByRole('button', { name: 'Text message (SMS)' }).count()).toBe(0);
    // Verified elsewhere (as from the emailed link on a phone): the poll notices within seconds.
    // First the sign-up's verification email must have gone out, or it would find the address
    // verified already and be refused.
    await expect
      .poll(async () => (await outboxFilesFor(email)).some((file) => file.subject.startsWith('Verify your email address')), { timeout: 20_000 })
      .toBe(true);
    const { localId } = await signInWithPassword(email, ACCOUNT_PASSWORD);
    await markEmailVerified(localId);
    await overlay.getByRole('button', { name: 'Text message (SMS)' }).waitFor({ timeout: 10_000 });

    await enrolPhone(page, '+1', '5555550142', '+15555550142');
    await section.getByText('Text message (SMS): Phone ending 0142').waitFor({ timeout: 10_000 });
    await section.getByRole('button', { name: ADD }).click();
    await enrolPhone(page, '+44', '7700900123', '+447700900123');
    await section.getByText('Text message (SMS): Phone ending 0123').waitFor({ timeout: 10_000 });
    expect(await section.getByRole('button', { name: ADD }).count()).toBe(0);

    await section.getByRole('button', { name: 'Remove Text message (SMS): Phone ending 0123' }).click();
    await section.getByRole('button', { name: 'Yes, remove' }).click();
    await section.getByText('Removed Text message (SMS): Phone ending 0123.').waitFor({ timeout: 15_000 });
    await section.getByRole('button', { name: ADD }).waitFor();
    expect(await section.getByText('Text message (SMS): Phone ending 0142').count()).toBe(1);

    // The notices went to the account's own address, one per enrolment and one for the removal.
    await expect
      .poll(async () => (await outboxFilesFor(email)).map((file) => file.subject).filter((subject) => /two-factor/i.test(subject)).length, { timeout: 15_000 })
      .toBe(3);

    // Changing the account password re-authenticates with the second factor as well.
    const phone = '+15555550142';
    const nextPassword = 'account-password-2';
    const textsBefore = (await smsCodesFor(phone)).length;
    await page.getByRole('dialog', { name: 'Account Settings' }).getByRole('button', { name: 'Change Account Password' }).click();
    const change = page.getByRole('dialog', { name: 'Change Account Password' });
    await change.getByLabel('Current account password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await change.getByLabel('New account password', { exact: true }).fill(nextPassword);
    await change.getByLabel('Confirm new account password', { exact: true }).fill(nextPassword);
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.getByText(`Enter the 6-digit code we sent to`, { exact: false }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await smsCodesFor(phone)).length, { timeout: 10_000 }).toBe(textsBefore + 1);
    await change.getByLabel('Verification code').fill(await latestSmsCode(phone));
    await change.getByRole('button', { name: 'Verify' }).click();
    await change.getByText('Your account password has been changed.').waitFor({ timeout: 15_000 });
    await change.getByRole('button', { name: 'Done' }).click();

    // Signing in again takes the new account password and the code texted to the remaining phone.
    await page.getByRole('dialog', { name: 'Account Settings' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await waitForSignedOut(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Account password', { exact: true }).fill(nextPassword);
    await signIn.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    const challenge = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
    await challenge.getByText('Enter the 6-digit code we sent', { exact: false }).waitFor({ timeout: 15_000 });
    await challenge.getByLabel('Verification code').fill(await latestSmsCode(phone));
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Joined Teams' }).waitFor({ timeout: 15_000 });

    expectNoPageErrors(unexpected(errors));
    await page.context().close();
  }, 180_000);
});
