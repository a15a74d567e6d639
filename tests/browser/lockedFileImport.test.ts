// Encrypted files of other managers opened in Chromium (issue #44, browser tier): a KeePass 2
// database (KDBX 4, Argon2id) and a password-protected Bitwarden export (Argon2id), both made by the
// test, through the import screen of the production build under its Content-Security-Policy (the
// Argon2 is WebAssembly: the page must be allowed to compile it). A wrong password is said so; the
// right one opens the file, and the KeePass entries are imported.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARGON2ID, PASSWORD as BITWARDEN_PASSWORD, protectedExport } from '../unit/import/unlock/bitwardenFixtures';
import { MASTER_PASSWORD as KDBX_PASSWORD, makeKdbx } from '../unit/import/unlock/kdbxFixtures';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { openItem, openPersonalPasswords, signUpToEmptyVault } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

async function pickFile(page: Page, path: string, format: string): Promise<Locator> {
  await openPersonalPasswords(page);
  await page.getByRole('main').getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Passwords' });
  await dialog.getByLabel('File to import', { exact: true }).setInputFiles(path);
  await expect.poll(() => dialog.getByLabel('Format').locator('option:checked').textContent()).toBe(format);
  return dialog;
}

describe('encrypted files of other managers in Chromium', () => {
  it('opens a KeePass database and a password-protected Bitwarden export with their passwords', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize({ width: 1280, height: 2000 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpToEmptyVault(page, baseUrl, 'kdbx');
    const directory = await mkdtemp(join(tmpdir(), 'keyloft-locked-'));
    try {
      const kdbxPath = join(directory, 'Passwords.kdbx');
      await writeFile(kdbxPath, await makeKdbx('kdbx4-argon2id'));
      const dialog = await pickFile(page, kdbxPath, 'KeePass 2 database (.kdbx)');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      const master = dialog.getByLabel('Master password', { exact: true });
      await master.fill('not the password');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByText('That password does not open this database. If it also has a key file, choose it too.').waitFor();
      expect(await master.inputValue()).toBe('not the password');
      await master.fill(KDBX_PASSWORD);
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByText('2 entries will be imported.').waitFor();
      await dialog.getByRole('button', { name: 'Import 2 entries' }).click();
      await dialog.getByText('Imported 2 entries.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      const bank = await openItem(page, 'Bank');
      await bank.getByRole('button', { name: 'Copy password for Bank' }).click();
      await bank.getByText('Copied', { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(' n3w pass ');

      const bitwardenPath = join(directory, 'bitwarden_encrypted_export.json');
      await writeFile(bitwardenPath, JSON.stringify(await protectedExport(ARGON2ID), null, 2));
      const bitwarden = await pickFile(page, bitwardenPath, 'Bitwarden (JSON)');
      await bitwarden.getByRole('button', { name: 'Preview' }).click();
      const filePassword = bitwarden.getByLabel('File password', { exact: true });
      await filePassword.fill('not it');
      await bitwarden.getByRole('button', { name: 'Preview' }).click();
      await bitwarden.getByText('That password does not open this file.').waitFor();
      await filePassword.fill(BITWARDEN_PASSWORD);
      await bitwarden.getByRole('button', { name: 'Preview' }).click();
      await bitwarden.getByText('3 entries will be imported.').waitFor();
      await bitwarden.getByRole('button', { name: 'Cancel' }).click();
      await bitwarden.waitFor({ state: 'detached' });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    expectNoPageErrors(errors);
    await page.context().close();
  }, 120_000);
});
