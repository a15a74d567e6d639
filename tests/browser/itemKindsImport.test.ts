// Issue #44's browser tier, through the import screen of the production build: a 1Password 1PUX
// holding an item of every kind (made by the test from the format's documentation,
// tests/support/onePuxFiles.ts) comes in, and each item's pane shows its own values; and a
// 10,000-item KeePass XML whose reading is cancelled midway writes nothing (the vault is empty
// after a reload).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { READ_CANCELLED } from '../../src/features/import/ui/ReadProgressView';
import { keepassXmlOf } from '../support/largeImportFiles';
import { everyKindData, onePuxOf } from '../support/onePuxFiles';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { openItem, openPersonalPasswords, reloadAndUnlock, signUpToEmptyVault } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

// A key pair made for this test with `ssh-keygen -t ed25519` (it guards nothing): the pane shows
// the fingerprint Keyloft computes from the public key, which `ssh-keygen -lf` printed as below.
const SSH_PRIVATE_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACB+xSM2Rb/UMItL7cwST5b50+UarVaraquI20az+tqAGwAAAJiFKKXRhSil
0QAAAAtzc2gtZWQyNTUxOQAAACB+xSM2Rb/UMItL7cwST5b50+UarVaraquI20az+tqAGw
AAAEDTxQ0VJuBzP0RbQKcLMVz2M0V5QcYU/5RJRRu/UExPXX7FIzZFv9Qwi0vtzBJPlvnT
5RqtVqtqq4jbRrP62oAbAAAADmRlcGxveUBleGFtcGxlAQIDBAUGBw==
-----END OPENSSH PRIVATE KEY-----
`;
const SSH_PUBLIC_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH7FIzZFv9Qwi0vtzBJPlvnT5RqtVqtqq4jbRrP62oAb deploy@example';
const SSH_FINGERPRINT = 'SHA256:qSfI5UBl9WEwKQqF5MnXi3IuErTjmGe76cVTil7/I2g';

const LARGE = 10_000;

async function pickFile(page: Page, path: string, format: string): Promise<Locator> {
  await openPersonalPasswords(page);
  await page.getByRole('main').getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Passwords' });
  await dialog.getByLabel('File to import', { exact: true }).setInputFiles(path);
  await expect.poll(() => dialog.getByLabel('Format').locator('option:checked').textContent()).toBe(format);
  return dialog;
}

/** Shows a hidden field of the pane and waits for its value. */
async function reveal(pane: Locator, button: string, value: string): Promise<void> {
  await pane.getByRole('button', { name: button, exact: true }).click();
  await pane.getByText(value, { exact: true }).waitFor();
}

async function withFolder(run: (directory: string) => Promise<void>): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'keyloft-kinds-'));
  try {
    await run(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

describe('importing items of every kind in Chromium', () => {
  it('imports a 1PUX holding a login, a note, a card, an identity and an SSH key, each shown in its pane with its values', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize({ width: 1280, height: 2000 });
    await signUpToEmptyVault(page, baseUrl, 'kinds-1pux');
    await withFolder(async (directory) => {
      const path = join(directory, '1PasswordExport-KINDS.1pux');
      await writeFile(path, onePuxOf(everyKindData({ privateKey: SSH_PRIVATE_KEY, publicKey: SSH_PUBLIC_KEY })));
      const dialog = await pickFile(page, path, '1Password (1PUX)');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByText('5 entries will be imported.').waitFor({ timeout: 30_000 });
      await dialog.getByText(/Secure notes, cards, identities and SSH keys come in as items of their kind.*, so nothing is lost\./).waitFor();
      await dialog.getByRole('button', { name: 'Import 5 entries' }).click();
      await dialog.getByText('Imported 5 entries.').waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    // The login: both its web addresses, its username, password, a hidden custom field and a tag.
    const mail = await openItem(page, 'Mail');
    const websites = mail.getByRole('list', { name: 'Websites' });
    await websites.getByText('https://mail.example.com', { exact: true }).waitFor({ timeout: 15_000 });
    await websites.getByText('https://webmail.example.com', { exact: true }).waitFor();
    await mail.getByText('ana', { exact: true }).waitFor();
    await reveal(mail, 'Show password for Mail', 'pw');
    const mailCustom = mail.getByRole('region', { name: 'Custom fields of Mail' });
    await reveal(mailCustom, 'Show recovery for Mail', 'r-1');
    await mailCustom.getByText('work', { exact: true }).waitFor();

    // The secure note: its text.
    const door = await openItem(page, 'Door');
    await door.getByText('Code 4711').waitFor({ timeout: 15_000 });

    // The card: cardholder, brand, expiry, the number grouped once shown, the code and the PIN hidden until shown.
    const visa = await openItem(page, 'Visa');
    await visa.getByText('Ana Lima', { exact: true }).waitFor({ timeout: 15_000 });
    await visa.getByText('07/31', { exact: true }).waitFor();
    await expect.poll(() => visa.getByText('4111 1111 1111 1111').count()).toBe(0);
    await reveal(visa, 'Show card number for Visa', '4111 1111 1111 1111');
    await reveal(visa, 'Show security code for Visa', '123');
    await reveal(visa, 'Show PIN for Visa', '0000');

    // The identity: names, company, email, phone, and what has no field of its own as custom fields.
    const me = await openItem(page, 'Me');
    for (const value of ['Ana', 'Lima', 'Co', 'ana@example.org', '+44 1', '2015-10-22']) {
      await me.getByText(value, { exact: true }).waitFor({ timeout: 15_000 });
    }

    // The SSH key: the public key, the fingerprint computed from it, the private key hidden until shown.
    const key = await openItem(page, 'Deploy key');
    await key.getByText(SSH_PUBLIC_KEY, { exact: true }).waitFor({ timeout: 15_000 });
    await key.getByText(SSH_FINGERPRINT, { exact: true }).waitFor();
    await expect.poll(() => key.getByText(/BEGIN OPENSSH PRIVATE KEY/).count()).toBe(0);
    await key.getByRole('button', { name: 'Show private key for Deploy key', exact: true }).click();
    await key.getByText(/BEGIN OPENSSH PRIVATE KEY/).waitFor();
    expectNoPageErrors(errors);
    await page.context().close();
  }, 120_000);

  it('cancels reading a 10,000-item KeePass XML midway: nothing is imported, and the vault is empty after a reload', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signUpToEmptyVault(page, baseUrl, 'kinds-cancel');
    await withFolder(async (directory) => {
      const path = join(directory, 'keepass-large.xml');
      await writeFile(path, keepassXmlOf(LARGE));
      const dialog = await pickFile(page, path, 'KeePass 2 (XML)');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      // The reading's own view (its progress and Cancel) is up: the file is being read.
      const reading = dialog.getByText('Reading keepass-large.xml', { exact: true });
      await reading.waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.getByText(READ_CANCELLED, { exact: true }).waitFor({ timeout: 15_000 });
      await reading.waitFor({ state: 'detached' });
      expect(await dialog.getByText(/will be imported/).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    });
    await reloadAndUnlock(page);
    await openPersonalPasswords(page);
    await page.getByText('No passwords yet. Add your first password!').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('listitem', { name: /^Site \d+/ }).count()).toBe(0);
    expectNoPageErrors(errors);
    await page.context().close();
  }, 120_000);
});
