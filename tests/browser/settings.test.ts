// Account Settings in Chromium on the real emulators: a master-password change goes through the
// rules as one write, and the next unlock of the vault takes the new password, not the old one.
import { describe, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { lockScreen, MASTER_PASSWORD, readPassword, signUpToEmptyVault, unlockHere } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

describe('Account Settings in Chromium', () => {
  it('changes the master password; after a reload the old one is refused and the new one opens the same vault', async () => {
    const { page, errors } = await openPage();
    await signUpToEmptyVault(page, baseUrl, 'settings-mpw');
    await page.getByRole('button', { name: 'Add Password' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Password' });
    await form.getByLabel('Title').fill('Mail');
    await form.getByLabel('Username').fill('me');
    await form.getByLabel('Password', { exact: true }).fill('mail secret 7');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('listitem', { name: 'Mail' }).waitFor({ timeout: 15_000 });

    const next = 'a brand new master password 43!';
    await page.getByRole('button', { name: 'Account Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Account Settings' });
    await settings.getByRole('button', { name: 'Change Master Password' }).click();
    const change = page.getByRole('dialog', { name: 'Change Master Password' });
    await change.getByLabel('Current master password', { exact: true }).fill(MASTER_PASSWORD);
    await change.getByLabel('New master password', { exact: true }).fill(next);
    await change.getByLabel('Confirm new master password', { exact: true }).fill(next);
    await change.getByRole('button', { name: 'Change Master Password' }).click();
    await change.getByText('Your master password has been changed.').waitFor({ timeout: 30_000 });

    await page.reload();
    const unlock = lockScreen(page);
    await unlock.waitFor({ timeout: 10_000 });
    await unlock.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await unlock.getByText('Invalid master password. Please try again.').waitFor({ timeout: 15_000 });
    await unlockHere(page, next);
    await page.getByRole('heading', { name: 'Joined Teams' }).waitFor({ timeout: 15_000 });
    await readPassword(page, 'Mail', 'mail secret 7');

    expectNoPageErrors(errors);
    await page.context().close();
  }, 120_000);
});
