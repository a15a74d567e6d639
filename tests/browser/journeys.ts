// Steps several browser tests share, done as a user does them.
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../support/authEmulator';

export const ACCOUNT_PASSWORD = 'account-password-1';
export const MASTER_PASSWORD = 'a long master password 42!';

/** Signs a new account up through the auth modal and waits for its empty vault; returns the email. */
export async function signUpToEmptyVault(page: Page, baseUrl: string, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Account password', { exact: true }).fill(ACCOUNT_PASSWORD);
  await dialog.getByLabel('Confirm account password', { exact: true }).fill(ACCOUNT_PASSWORD);
  await dialog.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
  await dialog.getByLabel('Confirm master password', { exact: true }).fill(MASTER_PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('No passwords yet. Add your first password!').waitFor({ timeout: 15_000 });
  return email;
}
