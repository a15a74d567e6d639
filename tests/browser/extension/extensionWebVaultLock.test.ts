// Issue #45: the web vault and the extension lock together (docs/extension.md, "Locking with the
// web vault"), in Chromium with the build as it is. The web vault's side here is a stand-in page
// served at the build's web vault origin (npm start's http://127.0.0.1:5173, the emulator build's):
// it connects as src/data/extensionConnection.ts does and keeps what the extension tells it; the
// app's own reaction to those messages is unit-tested (tests/unit/session/extensionLink.test.ts).
// A page of another origin (another port) tries the same and changes nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_EXTENSION_ID, PORT_NAME } from '../../../src/data/extensionConnection';
import { expectNoPageErrors } from '../chromium';
import { launchWithExtension, type ExtensionBrowser } from './extensionBrowser';
import { collectErrors, type WorkerChrome } from './extensionPages';
import { seedAccount, type SeededAccount } from './seedVault';

interface Alarms {
  alarms: { get(name: string): Promise<{ scheduledTime: number } | undefined> };
}

const WEB_VAULT_PORT = 5173;
// What the page runs: connect to the extension when Chrome offers the API, keep every message.
const STAND_IN = `<!doctype html><title>web vault</title><script>
window.received = [];
window.connectable = typeof globalThis.chrome?.runtime?.connect === 'function';
window.disconnected = false;
if (window.connectable) {
  window.port = chrome.runtime.connect(${JSON.stringify(DEV_EXTENSION_ID)}, { name: ${JSON.stringify(PORT_NAME)} });
  window.port.onMessage.addListener((message) => window.received.push(message));
  window.port.onDisconnect.addListener(() => { void chrome.runtime.lastError; window.disconnected = true; });
}
</script>`;

let launched: ExtensionBrowser | undefined;
let account: SeededAccount | undefined;
const servers: Server[] = [];

async function serve(port: number): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(STAND_IN);
  });
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject).listen(port, '127.0.0.1', resolve);
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

let webVaultUrl = '';
let otherUrl = '';

beforeAll(async () => {
  account = await seedAccount([{ title: 'Mail', urls: [{ url: 'https://mail.test/', match: 'origin' }], username: 'ana@mail.test', password: 'mail password 1' }]);
  launched = await launchWithExtension();
  webVaultUrl = await serve(WEB_VAULT_PORT);
  otherUrl = await serve(0);
}, 120_000);

afterAll(async () => {
  await launched?.close();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const browser = (): ExtensionBrowser => launched!;
const sessionKeys = () => browser().worker.evaluate(async () => Object.keys(await (globalThis as unknown as { chrome: WorkerChrome }).chrome.storage.session.get(null)));
const autoLockAlarm = () => browser().worker.evaluate(() => (globalThis as unknown as { chrome: Alarms }).chrome.alarms.get('keyloft.autoLock'));

async function unlockedPopup(): Promise<Page> {
  const page = await browser().context.newPage();
  await page.goto(`chrome-extension://${browser().extensionId}/popup.html`);
  const locked = page.getByRole('heading', { level: 1, name: 'Keyloft is locked' });
  const signIn = page.getByRole('heading', { level: 1, name: 'Sign in to Keyloft' });
  await signIn.or(locked).or(page.getByRole('button', { name: 'Lock', exact: true })).waitFor({ timeout: 20_000 });
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

async function openPage(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser().context.newPage();
  const errors = collectErrors(page);
  await page.goto(url);
  return { page, errors };
}

const post = (page: Page, message: unknown) => page.evaluate((sent) => {
  (window as unknown as { port: { postMessage(message: unknown): void } }).port.postMessage(sent);
}, message);

describe('the web vault and the extension lock together', () => {
  it('a lock in the web vault locks the extension: its popup asks for the master password', async () => {
    const popup = await unlockedPopup();
    const { page, errors } = await openPage(webVaultUrl);
    expect(await page.evaluate(() => (window as unknown as { connectable: boolean }).connectable)).toBe(true);
    expect(await sessionKeys()).toContain('keyloft.vaultKey');
    await post(page, { kind: 'keyloft/lock', v: 1 });
    await expect.poll(sessionKeys, { timeout: 10_000 }).not.toContain('keyloft.vaultKey');
    await popup.reload();
    await popup.getByRole('heading', { level: 1, name: 'Keyloft is locked' }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { disconnected: boolean }).disconnected)).toBe(false);
    expectNoPageErrors(errors);
    await popup.close();
    await page.close();
  });

  it('the extension’s Lock tells the web vault to lock', async () => {
    const { page, errors } = await openPage(webVaultUrl);
    const popup = await unlockedPopup();
    await popup.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received), { timeout: 10_000 }).toEqual([{ kind: 'keyloft/lock', v: 1 }]);
    expectNoPageErrors(errors);
    await popup.close();
    await page.close();
  });

  it('follows the web vault’s auto-lock choice, and refuses one that is not a choice', async () => {
    const popup = await unlockedPopup();
    const { page } = await openPage(webVaultUrl);
    const before = (await autoLockAlarm())!.scheduledTime;
    await post(page, { kind: 'keyloft/auto-lock', v: 1, idleMinutes: 7 });
    await post(page, { kind: 'keyloft/auto-lock', v: 1, idleMinutes: 15, lockWhenHidden: true });
    await post(page, { kind: 'keyloft/unlock', v: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Not a choice, not the shape: nothing kept, the auto-lock where it was.
    expect(await sessionKeys()).toEqual(['keyloft.vaultKey']);
    expect((await autoLockAlarm())!.scheduledTime).toBe(before);
    await post(page, { kind: 'keyloft/auto-lock', v: 1, idleMinutes: 60 });
    const sentAt = Date.now();
    await expect.poll(async () => (await autoLockAlarm())?.scheduledTime ?? 0, { timeout: 10_000 }).toBeGreaterThan(sentAt + 59 * 60_000);
    expect((await autoLockAlarm())!.scheduledTime).toBeLessThan(sentAt + 60 * 60_000 + 5_000);
    // And the popup's next use counts 60 minutes from then.
    await popup.reload();
    await popup.getByLabel('Search the vault').waitFor({ timeout: 20_000 });
    const usedAt = Date.now();
    await expect.poll(async () => (await autoLockAlarm())!.scheduledTime, { timeout: 10_000 }).toBeGreaterThan(usedAt + 59 * 60_000);
    await popup.close();
    await page.close();
  });

  it('a page of another origin cannot connect, and what it sends changes nothing', async () => {
    const popup = await unlockedPopup();
    const { page, errors } = await openPage(otherUrl);
    const connectable = await page.evaluate(() => (window as unknown as { connectable: boolean }).connectable);
    if (connectable) {
      // Chrome offered the API (another port of the same host): the worker drops the port unread.
      await expect.poll(() => page.evaluate(() => (window as unknown as { disconnected: boolean }).disconnected), { timeout: 10_000 }).toBe(true);
    }
    const tried = await page.evaluate(() => {
      try {
        (window as unknown as { port?: { postMessage(message: unknown): void } }).port?.postMessage({ kind: 'keyloft/lock', v: 1 });
        return 'sent';
      } catch {
        return 'refused';
      }
    });
    expect(['sent', 'refused']).toContain(tried);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sessionKeys()).toContain('keyloft.vaultKey');
    expectNoPageErrors(errors);
    await popup.close();
    await page.close();
  });
});
