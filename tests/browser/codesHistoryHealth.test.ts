// Issue #23 in Chromium: an entry's one-time code (from an otpauth:// link, and read from a QR code
// image in the page's worker), shown live and copied; a password changed twice keeps both old ones;
// the health report flags a reused and a weak password and opens the entry. The production build,
// with entries on the Firestore emulator through the rules.
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { encode } from 'uqr';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { openItem, openPersonalPasswords, reloadAndUnlock, signUpToEmptyVault } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const LINK = `otpauth://totp/GitHub:octocat?secret=${SECRET}&issuer=GitHub`;
const totp = new TOTP({ secret: Secret.fromBase32(SECRET), algorithm: 'SHA1', digits: 6, period: 30 });

/** The codes of the page's moment and the periods either side (the clock may turn while we look). */
async function codesNow(page: Page): Promise<string[]> {
  const now = await page.evaluate(() => Date.now());
  return [-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: now + offset }));
}

/** A PNG of the QR code of `text`, drawn by the page (Node has no canvas). */
async function qrPng(page: Page, text: string): Promise<Buffer> {
  const { data } = encode(text, { border: 4 });
  const url = await page.evaluate((modules: boolean[][]) => {
    const scale = 6;
    const canvas = document.createElement('canvas');
    canvas.width = modules.length * scale;
    canvas.height = modules.length * scale;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#000';
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) context.fillRect(x * scale, y * scale, scale, scale);
      });
    });
    return canvas.toDataURL('image/png');
  }, data);
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

async function addEntry(page: Page, title: string, password: string, fill?: (form: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: 'Add Password' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Password' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Username').fill('octocat');
  await form.getByLabel('Password', { exact: true }).fill(password);
  await fill?.(form);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByRole('listitem', { name: title }).waitFor();
}

describe('one-time codes and password history in Chromium', () => {
  it('adds an entry with an otpauth:// link and one from a QR code image; shows and copies the live code, after a reload too', async () => {
    const { page, errors } = await openPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpToEmptyVault(page, baseUrl, 'otp');
    await openPersonalPasswords(page);

    await addEntry(page, 'GitHub', 'hunter2!', async (form) => {
      await form.getByLabel('One-time code (optional)').fill(LINK);
    });
    const png = await qrPng(page, LINK);
    await addEntry(page, 'GitHub (scanned)', 'hunter3!', async (form) => {
      await form.locator('input[type="file"]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png });
      await form.getByText('The one-time code was read from the QR code.').waitFor({ timeout: 15_000 });
      expect(await form.getByLabel('One-time code (optional)').inputValue()).toBe(LINK);
    });

    for (const title of ['GitHub', 'GitHub (scanned)']) {
      const pane = await openItem(page, title);
      const shown = (await pane.locator('.pw-item__code').textContent({ timeout: 15_000 }))!.replace(/\s/g, '');
      expect(await codesNow(page)).toContain(shown);
    }

    // After a reload the details are sealed until asked for: Copy opens them and copies the code.
    await reloadAndUnlock(page);
    await openPersonalPasswords(page);
    const pane = await openItem(page, 'GitHub');
    await pane.getByRole('button', { name: 'Copy one-time code for GitHub' }).click();
    await pane.getByText('Copied', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await codesNow(page)).toContain(await page.evaluate(() => navigator.clipboard.readText()));
    await pane.locator('.pw-item__code').waitFor();
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('a password changed twice keeps both old ones, newest first, after a reload', async () => {
    const { page, errors } = await openPage();
    await signUpToEmptyVault(page, baseUrl, 'history');
    await openPersonalPasswords(page);
    await addEntry(page, 'Mail', 'first secret');
    for (const next of ['second secret', 'third secret']) {
      const pane = await openItem(page, 'Mail');
      await pane.getByRole('button', { name: 'Edit Mail' }).click();
      const form = page.getByRole('dialog', { name: 'Edit Password' });
      await form.getByLabel('Password', { exact: true }).fill(next);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await reloadAndUnlock(page);
    await openPersonalPasswords(page);
    const pane = await openItem(page, 'Mail');
    await pane.getByRole('button', { name: 'Show password for Mail' }).click();
    await pane.getByText('third secret').waitFor({ timeout: 15_000 });
    const history = pane.getByRole('region', { name: 'Password history for Mail' });
    expect(await history.getByRole('listitem').count()).toBe(2);
    await history.getByRole('button', { name: 'Show earlier password 1 for Mail' }).click();
    await history.getByRole('button', { name: 'Show earlier password 2 for Mail' }).click();
    const items = await history.getByRole('listitem').allTextContents();
    expect(items[0]).toContain('second secret');
    expect(items[1]).toContain('first secret');
    expectNoPageErrors(errors);
    await page.context().close();
  });

  it('the health report flags a reused and a weak password and opens the entry to fix', async () => {
    const { page, errors } = await openPage();
    await signUpToEmptyVault(page, baseUrl, 'health');
    await openPersonalPasswords(page);
    await addEntry(page, 'Forum', 'password1');
    await addEntry(page, 'Mail', 'Shared-Secret-4711-Xq');
    await addEntry(page, 'Chat', 'Shared-Secret-4711-Xq');
    await addEntry(page, 'Bank', 'vT8#qL2!mZ6@rW9$');

    await page.getByRole('main').getByRole('button', { name: 'Password health' }).click();
    const dialog = page.getByRole('dialog', { name: 'Password health: Personal Passwords' });
    await dialog.getByText('4 passwords checked in this browser.', { exact: false }).waitFor({ timeout: 60_000 });
    const weak = dialog.getByRole('region', { name: 'Weak passwords' });
    expect(await weak.getByRole('button').allTextContents()).toEqual(['Forum']);
    const reused = dialog.getByRole('region', { name: 'Reused passwords' });
    expect(await reused.getByRole('button').allTextContents()).toEqual(['Chat', 'Mail']);
    await dialog.getByRole('region', { name: 'Old passwords' }).getByText('No password is older than a year.').waitFor();
    expect(await dialog.textContent()).not.toContain('Shared-Secret');

    await weak.getByRole('button', { name: 'Open Forum' }).click();
    await dialog.waitFor({ state: 'detached' });
    const pane = page.getByRole('region', { name: 'Item details' });
    await pane.getByRole('heading', { name: 'Forum' }).waitFor();
    expect(await pane.getByRole('heading', { name: 'Forum' }).evaluate((heading) => heading === document.activeElement)).toBe(true);
    expectNoPageErrors(errors);
    await page.context().close();
  });
});
