// Import and export in Chromium (issue #20, browser tier): other managers' files through the
// screen, found by search and copied; an encrypted Keyloft export downloaded and imported into a
// second account. The production build, with entries on the Firestore emulator through the rules.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium, type WatchedPage } from './chromium';
import { MASTER_PASSWORD, openItem, openPersonalPasswords, signUpToEmptyVault } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/import/${name}`, import.meta.url));

const BITWARDEN = {
  path: fixture('bitwarden-personal.json'),
  format: 'Bitwarden (JSON)',
  count: 6,
  kinds: 'The file holds 6 items: 2 logins, 1 secure note, 1 card, 1 identity and 1 SSH key.',
} as const;
const CHROME = {
  path: fixture('chrome.csv'),
  format: 'Chrome, Edge or Brave (CSV)',
  count: 4,
  kinds: 'The file holds 4 items: 4 logins.',
} as const;
// Straight from the fixtures: the spaces, quotes and comma are part of the password.
const ACME = { title: 'Acme "Portal", staging', password: ' p@ss, "word" ' };
const MUNICH = { title: 'münchen.example', password: 'straße' };
const FILE_PASSWORD = 'file password for the move 7';

/** A page whose vault list is tall enough that every row of these small vaults is rendered (the list is virtualised). */
async function openTallPage(): Promise<WatchedPage> {
  const watched = await openPage();
  await watched.page.setViewportSize({ width: 1280, height: 3000 });
  await watched.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  return watched;
}

/** Opens Import on Personal Passwords and picks `path`; returns the dialog, on the chosen file. */
async function pickFile(page: Page, path: string, format: string): Promise<Locator> {
  await openPersonalPasswords(page);
  await page.getByRole('main').getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Passwords' });
  // The lazily loaded chunk's fallback has the same name: the dialog is there once its field is.
  await dialog.getByLabel('File to import', { exact: true }).setInputFiles(path);
  // The format detection chose, shown in the Format menu.
  await expect.poll(() => dialog.getByLabel('Format').locator('option:checked').textContent()).toBe(format);
  return dialog;
}

/** From the preview: imports, sees the outcome, closes. */
async function importPreviewed(dialog: Locator, count: number): Promise<void> {
  await dialog.getByRole('button', { name: `Import ${count} entries` }).click();
  await dialog.getByText(`Imported ${count} entries.`).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The personal list's entries as they show: title, and group when it has one; sorted. */
async function listedEntries(page: Page): Promise<string[]> {
  const rows = page.getByRole('list', { name: 'Personal passwords' }).getByRole('listitem');
  const shown = await rows.evaluateAll((items) =>
    items.map((item) => ({
      title: item.querySelector('.pw-row__title')?.textContent ?? '',
      group: item.querySelector('.pw-row__label--group')?.textContent ?? '',
      setSize: Number(item.getAttribute('aria-setsize')),
    })),
  );
  // Every row is rendered: the tall page holds the whole list.
  expect(shown.every((row) => row.setSize === shown.length)).toBe(true);
  return shown.map((row) => `${row.title} | ${row.group}`).sort();
}

/** Copies an entry's password with its Copy button and returns what the clipboard holds. */
async function copyPassword(page: Page, title: string): Promise<string> {
  const item = await openItem(page, title);
  await item.getByRole('button', { name: `Copy password for ${title}` }).click();
  await item.getByText('Copied', { exact: true }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

async function importBitwarden(page: Page): Promise<void> {
  const dialog = await pickFile(page, BITWARDEN.path, BITWARDEN.format);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByText(`${BITWARDEN.count} entries will be imported.`).waitFor();
  await dialog.getByText(BITWARDEN.kinds, { exact: true }).waitFor();
  const groups = dialog.getByRole('table', { name: 'Folders and the groups they go into' });
  expect(await groups.getByRole('rowheader').allTextContents()).toEqual(['Work / Clients / Zürich', 'Work']);
  expect(await groups.getByRole('cell', { name: 'new', exact: true }).count()).toBe(2);
  await dialog.getByRole('list', { name: '1 item cannot be imported:' }).getByText(/Old forum/).waitFor();
  await importPreviewed(dialog, BITWARDEN.count);
}

describe('import and export in Chromium', () => {
  it('imports a Bitwarden JSON and a Chrome CSV through the screen, then finds an entry by search and copies its password', async () => {
    const { page, errors } = await openTallPage();
    await signUpToEmptyVault(page, baseUrl, 'import');

    await importBitwarden(page);
    const chrome = await pickFile(page, CHROME.path, CHROME.format);
    await chrome.getByRole('button', { name: 'Preview' }).click();
    await chrome.getByText(`${CHROME.count} entries will be imported.`).waitFor();
    await chrome.getByText(CHROME.kinds, { exact: true }).waitFor();
    await chrome.getByText('The file has no folders: the entries go into no group.').waitFor();
    await importPreviewed(chrome, CHROME.count);

    const list = page.getByRole('list', { name: 'Personal passwords' });
    await list.getByRole('listitem', { name: MUNICH.title }).waitFor();
    expect(await listedEntries(page)).toHaveLength(BITWARDEN.count + CHROME.count);

    const search = page.getByRole('searchbox', { name: 'Search passwords' });
    await search.fill('MÜNCHEN');
    await page.getByText('1 password matches your search.').waitFor();
    expect(await list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('.pw-row__title')?.textContent))).toEqual([MUNICH.title]);
    expect(await copyPassword(page, MUNICH.title)).toBe(MUNICH.password);

    // Search reads the url too: the Acme entry's url is portal.acme.example.
    await search.fill('portal.acme');
    await page.getByText('1 password matches your search.').waitFor();
    expect(await copyPassword(page, ACME.title)).toBe(ACME.password);
    expectNoPageErrors(errors);
    await page.context().close();
  }, 90_000);

  it('exports encrypted, and a second account imports the downloaded file with its password: the same entries', async () => {
    const first = await openTallPage();
    await signUpToEmptyVault(first.page, baseUrl, 'export-from');
    await importBitwarden(first.page);
    await first.page.getByRole('list', { name: 'Personal passwords' }).getByRole('listitem', { name: ACME.title }).waitFor();
    const exported = await listedEntries(first.page);
    expect(exported).toHaveLength(BITWARDEN.count);

    await first.page.getByRole('main').getByRole('button', { name: 'Export', exact: true }).click();
    const exportDialog = first.page.getByRole('dialog', { name: 'Export Passwords' });
    await exportDialog.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
    await exportDialog.getByLabel('File password', { exact: true }).fill(FILE_PASSWORD);
    await exportDialog.getByLabel('Confirm file password', { exact: true }).fill(FILE_PASSWORD);
    const downloading = first.page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^keyloft-export-\d{4}-\d{2}-\d{2}\.json$/);
    await exportDialog.getByText(`Saved ${download.suggestedFilename()}.`).waitFor();
    const directory = await mkdtemp(join(tmpdir(), 'keyloft-export-'));
    try {
      const saved = join(directory, download.suggestedFilename());
      await download.saveAs(saved);
      const text = await readFile(saved, 'utf8');
      expect(JSON.parse(text)).toMatchObject({ format: 'keyloft-export', version: 1, encrypted: true, cipher: 'AES-256-GCM' });
      // Sealed: nothing of the vault is readable in the file.
      expect(text).not.toContain('Acme');
      expect(text).not.toContain('Work');
      await exportDialog.getByRole('button', { name: 'Close' }).click();
      await exportDialog.waitFor({ state: 'detached' });
      expectNoPageErrors(first.errors);
      await first.page.context().close();

      const second = await openTallPage();
      await signUpToEmptyVault(second.page, baseUrl, 'export-to');
      const dialog = await pickFile(second.page, saved, 'Keyloft (JSON, encrypted or plain)');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      const filePassword = dialog.getByLabel('File password', { exact: true });
      await filePassword.waitFor();
      await dialog.getByText('This file is encrypted. Enter the password it was exported with.').waitFor();
      await filePassword.fill(FILE_PASSWORD);
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByText(`${BITWARDEN.count} entries will be imported.`).waitFor();
      expect(await dialog.getByRole('table', { name: 'Folders and the groups they go into' }).getByRole('rowheader').allTextContents()).toEqual(
        ['Work / Clients / Zürich', 'Work'],
      );
      await importPreviewed(dialog, BITWARDEN.count);

      await second.page.getByRole('list', { name: 'Personal passwords' }).getByRole('listitem', { name: ACME.title }).waitFor();
      expect(await listedEntries(second.page)).toEqual(exported);
      expect(await copyPassword(second.page, ACME.title)).toBe(ACME.password);
      expectNoPageErrors(second.errors);
      await second.page.context().close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
