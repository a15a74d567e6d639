// The popup's session duties in Chromium, on the Auth and Firestore emulators: a copied password
// is cleared from the clipboard by the worker (through the offscreen document) after the popup
// has closed; the one-time code is copied; the auto-lock's alarm forgets the key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, parseOneTimeCode } from '../../../src/features/vault/otp/oneTimeCode';
import { expectNoPageErrors } from '../chromium';
import { launchWithExtension, type ExtensionBrowser } from './extensionBrowser';
import { seedAccount, type SeededAccount } from './seedVault';

interface WorkerChrome {
  storage: { session: { get(keys: null): Promise<Record<string, unknown>> } };
  alarms: {
    get(name: string): Promise<{ scheduledTime: number } | undefined>;
    create(name: string, info: { when: number }): Promise<void>;
  };
}

const OTP = 'otpauth://totp/Mail:ana?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Mail';
let launched: ExtensionBrowser | undefined;
// A blank page on loopback (a secure context) from which the test reads the clipboard: Chrome grants
// clipboard access to a web origin, not to an extension page's.
let blank: Server | undefined;
let blankOrigin = '';
let account: SeededAccount | undefined;

beforeAll(async () => {
  account = await seedAccount([{ title: 'Mail', urls: [{ url: 'https://mail.test/', match: 'origin' }], username: 'ana@mail.test', password: 'mail password 1', otp: OTP }]);
  launched = await launchWithExtension();
  blank = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>blank</title>');
  });
  await new Promise<void>((resolve) => blank!.listen(0, '127.0.0.1', resolve));
  blankOrigin = `http://127.0.0.1:${(blank.address() as AddressInfo).port}`;
  await launched.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: blankOrigin });
}, 120_000);

afterAll(async () => {
  await launched?.close();
  await new Promise((resolve) => blank?.close(resolve));
});

const browser = (): ExtensionBrowser => launched!;
const popupUrl = () => `chrome-extension://${browser().extensionId}/popup.html`;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** What the clipboard holds, read from a page granted clipboard access. */
async function clipboardText(): Promise<string> {
  const reader = await browser().context.newPage();
  await reader.goto(blankOrigin);
  const text = await reader.evaluate(() => navigator.clipboard.readText());
  await reader.close();
  return text;
}

async function unlockedPopup(): Promise<Page> {
  const page = await browser().context.newPage();
  await page.goto(popupUrl());
  const locked = page.getByRole('heading', { level: 1, name: 'Keyloft is locked' });
  const signIn = page.getByRole('heading', { level: 1, name: 'Sign in to Keyloft' });
  await signIn.or(locked).or(page.getByRole('button', { name: 'Lock' })).waitFor({ timeout: 20_000 });
  if (await signIn.isVisible()) {
    await page.getByLabel('Email').fill(account!.email);
    await page.getByLabel('Account password').fill(account!.accountPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await locked.waitFor();
  }
  if (await locked.isVisible()) {
    await page.getByLabel('Master password').fill(account!.masterPassword);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await page.getByLabel('Search the vault').waitFor({ timeout: 20_000 });
  return page;
}

describe('the popup’s copies', () => {
  it('clears a copied password after the popup closed: the worker’s alarm, the offscreen document', async () => {
    const popup = await unlockedPopup();
    const errors = collectErrors(popup);
    await popup.getByLabel('Search the vault').fill('mail');
    await popup.getByRole('button', { name: 'Copy password of Mail' }).click();
    await popup.getByText('Password copied. Clipboard clears in 30 s.').waitFor();
    const copiedAt = Date.now();
    expect(await clipboardText()).toBe('mail password 1');
    expectNoPageErrors(errors);
    await popup.close();

    // The clear waits in a chrome.alarms alarm 30 s ahead; the test rings it now rather than wait.
    const alarm = await browser().worker.evaluate(() => (globalThis as unknown as { chrome: WorkerChrome }).chrome.alarms.get('keyloft.clearClipboard'));
    expect(alarm?.scheduledTime).toBeGreaterThan(copiedAt + 25_000);
    expect(alarm?.scheduledTime).toBeLessThan(copiedAt + 31_000);
    expect(await clipboardText()).toBe('mail password 1');
    await browser().worker.evaluate(() => (globalThis as unknown as { chrome: WorkerChrome }).chrome.alarms.create('keyloft.clearClipboard', { when: Date.now() }));
    await expect.poll(clipboardText, { timeout: 10_000 }).toBe('');
    // The offscreen document is closed again once it has cleared.
    await expect.poll(() => browser().context.pages().some((page) => page.url().endsWith('/offscreen.html')), { timeout: 5_000 }).toBe(false);
  });

  it('copies the login’s current one-time code, and a username copied after it cancels the clear', async () => {
    const popup = await unlockedPopup();
    await popup.getByLabel('Search the vault').fill('mail');
    await popup.getByRole('button', { name: 'Copy one-time code of Mail' }).click();
    await popup.getByText('One-time code copied. Clipboard clears in 30 s.').waitFor();
    const settings = parseOneTimeCode(OTP);
    const now = Date.now();
    expect([codeAt(settings, now - 2_000).code, codeAt(settings, now).code]).toContain(await clipboardText());
    const pending = () => browser().worker.evaluate(() => (globalThis as unknown as { chrome: WorkerChrome }).chrome.alarms.get('keyloft.clearClipboard'));
    expect(await pending()).toBeDefined();
    await popup.getByRole('button', { name: 'Copy username of Mail' }).click();
    await popup.getByText('Username copied.').waitFor();
    expect(await pending()).toBeUndefined();
    expect(await clipboardText()).toBe('ana@mail.test');
    await popup.close();
  });
});

describe('the auto-lock', () => {
  it('forgets the key when the alarm the popup’s last use set rings, and the popup asks for the master password again', async () => {
    const popup = await unlockedPopup();
    const usedAt = Date.now();
    const alarm = await browser().worker.evaluate(() => (globalThis as unknown as { chrome: WorkerChrome }).chrome.alarms.get('keyloft.autoLock'));
    // The web vault's default: 15 minutes after the popup was last used.
    expect(alarm?.scheduledTime).toBeGreaterThan(usedAt + 14 * 60_000);
    expect(alarm?.scheduledTime).toBeLessThan(usedAt + 15 * 60_000 + 5_000);
    const sessionKeys = () => browser().worker.evaluate(async () => Object.keys(await (globalThis as unknown as { chrome: WorkerChrome }).chrome.storage.session.get(null)));
    expect(await sessionKeys()).toEqual(['keyloft.vaultKey']);
    // Rung now rather than waited for.
    await browser().worker.evaluate(() => (globalThis as unknown as { chrome: WorkerChrome }).chrome.alarms.create('keyloft.autoLock', { when: Date.now() }));
    await expect.poll(sessionKeys, { timeout: 10_000 }).toEqual([]);
    await popup.reload();
    await popup.getByRole('heading', { level: 1, name: 'Keyloft is locked' }).waitFor({ timeout: 20_000 });
    await popup.close();
  });
});
