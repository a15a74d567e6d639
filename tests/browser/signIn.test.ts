// Sign-up, login, logout, reload, a second tab and phone MFA in Chromium: the production build on
// the real Auth, Functions and Firestore emulators.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { enrolPhoneFactor, latestSmsCode, signInWithPassword, uniqueEmail } from '../support/authEmulator';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { ACCOUNT_PASSWORD, MASTER_PASSWORD, lockScreen, submitSignUp } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

async function openEmailForm(page: Page, mode: 'Sign Up' | 'Sign In'): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: mode }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click();
}

async function signUp(page: Page, email: string): Promise<void> {
  await openEmailForm(page, 'Sign Up');
  await submitSignUp(page, email);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
}

async function logIn(page: Page, email: string, masterPassword = MASTER_PASSWORD): Promise<void> {
  await openEmailForm(page, 'Sign In');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Account password', { exact: true }).fill(ACCOUNT_PASSWORD);
  await dialog.getByLabel('Master password', { exact: true }).fill(masterPassword);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Secure Password Management for Teams' }).waitFor();
}

describe('the auth modal in Chromium', () => {
  it('validates the sign-up form before creating anything', async () => {
    const { page } = await openPage();
    await openEmailForm(page, 'Sign Up');
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    const create = dialog.getByRole('button', { name: 'Create Account' });
    await dialog.getByLabel('Email').fill(uniqueEmail('validate'));
    await dialog.getByLabel('Account password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await dialog.getByLabel('Confirm account password', { exact: true }).fill('something else');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Master password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await dialog.getByText(/same as your account password|account password and master password/i).first().waitFor();
    await dialog.getByLabel('Confirm master password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await create.click();
    await dialog.getByText('Account passwords do not match.').waitFor();
    await page.context().close();
  });

  it('signs up, logs out, logs in, and refuses a wrong master password', async () => {
    const { page, errors } = await openPage();
    const email = uniqueEmail('journey');
    await signUp(page, email);
    await page.getByText('Verification email sent!').waitFor();
    await expect(page.evaluate(() => sessionStorage.getItem('keyloft.encryptedPrivateKey'))).resolves.not.toBeNull();

    await logOut(page);
    await expect(page.evaluate(() => sessionStorage.getItem('keyloft.encryptedPrivateKey'))).resolves.toBeNull();

    await logIn(page, email, 'not my master password');
    await page.getByText('Invalid master password. Please try again.').waitFor();
    await expect(page.getByRole('heading', { name: 'Dashboard' }).count()).resolves.toBe(0);

    await page.keyboard.press('Escape');
    await logIn(page, email);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    expectNoPageErrors(errors.filter((error) => !error.includes('400')));
    await page.context().close();
  });

  it('a reload keeps no keys: it asks for the master password again', async () => {
    const { page } = await openPage();
    const email = uniqueEmail('reload');
    await signUp(page, email);
    await page.reload();
    const locked = lockScreen(page);
    await locked.getByText(email, { exact: true }).waitFor({ timeout: 10_000 });
    await locked.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
    await locked.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('a second tab of a new user asks for the master password, not to set one', async () => {
    const { page } = await openPage();
    await signUp(page, uniqueEmail('second-tab'));
    const second = await page.context().newPage();
    second.setDefaultTimeout(5_000);
    await second.goto(`${baseUrl}/dashboard`);
    const locked = lockScreen(second);
    await locked.waitFor({ timeout: 10_000 });
    await expect(second.getByRole('heading', { name: 'Set Master Password' }).count()).resolves.toBe(0);
    await locked.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
    await locked.getByRole('button', { name: 'Unlock' }).click();
    await second.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('signs in with a phone second factor, using the code the emulator sent', async () => {
    const { page } = await openPage();
    const email = uniqueEmail('mfa');
    const phone = '+15555550123';
    await signUp(page, email);
    await logOut(page);
    const { localId } = await signInWithPassword(email, ACCOUNT_PASSWORD);
    await enrolPhoneFactor(localId, phone);

    await logIn(page, email);
    const dialog = page.getByRole('dialog', { name: 'Two-Factor Authentication' });
    await dialog.getByText(/Enter the 6-digit code we sent/).waitFor({ timeout: 10_000 });
    const verify = dialog.getByRole('button', { name: 'Verify' });
    await dialog.getByLabel('Verification code').fill('12a');
    expect(await dialog.getByLabel('Verification code').inputValue()).toBe('12');
    expect(await verify.isDisabled()).toBe(true);
    await dialog.getByLabel('Verification code').fill(await latestSmsCode(phone));
    await verify.click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    await page.context().close();
  });
});
