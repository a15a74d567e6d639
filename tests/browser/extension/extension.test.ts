// The built extension in Debian's Chromium (docs/extension.md, "Tests"): it loads, its service
// worker runs, its popup shows the signed-out screen, and on a corpus login page it does nothing
// the user did not ask for: nothing filled, no Keyloft element, and no way in without the user's
// gesture (no host permission to run a script there).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPageErrors } from '../chromium';
import { fieldOf, readCorpus, serveCorpus, type CorpusServer } from './corpus';
import { EXTENSION_DIR, launchWithExtension, type ExtensionBrowser } from './extensionBrowser';

/** The `chrome` API as the worker's evaluate callbacks use it (the tests' tsconfig has no chrome types). */
interface WorkerChrome {
  runtime: { getManifest(): { permissions?: string[]; host_permissions?: string[]; content_scripts?: unknown[] } };
  tabs: { query(filter: object): Promise<{ id?: number }[]> };
  scripting: { executeScript(options: { target: { tabId: number }; func: () => unknown }): Promise<unknown> };
}

// Either may be missing in afterAll when beforeAll failed part-way.
let launched: ExtensionBrowser | undefined;
let served: CorpusServer | undefined;

beforeAll(async () => {
  served = await serveCorpus();
  launched = await launchWithExtension();
});

afterAll(async () => {
  await launched?.close();
  await served?.close();
});

const browser = (): ExtensionBrowser => launched!;
const corpus = (): CorpusServer => served!;

describe('the extension, loaded unpacked', () => {
  it('runs its service worker under its own extension id', () => {
    expect(browser().extensionId).toMatch(/^[a-p]{32}$/);
    expect(browser().worker.url()).toBe(`chrome-extension://${browser().extensionId}/background.js`);
  });

  it('runs with the permissions of the built manifest and no host permission or declared content script', async () => {
    const built = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as { permissions: string[] };
    const running = await browser().worker.evaluate(() => {
      const manifest = (globalThis as unknown as { chrome: WorkerChrome }).chrome.runtime.getManifest();
      return { permissions: manifest.permissions ?? [], hosts: manifest.host_permissions ?? [], contentScripts: manifest.content_scripts ?? [] };
    });
    expect(running).toEqual({ permissions: built.permissions, hosts: [], contentScripts: [] });
  });

  it('opens its popup on the sign-in screen, configured for the local emulators', async () => {
    const page = await browser().context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`chrome-extension://${browser().extensionId}/popup.html`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to Keyloft');
    await expect.poll(() => page.getByText(/^Project demo-keyloft on the local emulators/).count()).toBe(1);
    expectNoPageErrors(errors);
    await page.close();
  });
});

describe('a corpus login page', () => {
  for (const entry of readCorpus()) {
    it(`${entry.id}: loads under ${entry.host} with the fields its entry names, nothing filled and no Keyloft element`, async () => {
      const page = await browser().context.newPage();
      const response = await page.goto(corpus().url(entry));
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).hostname).toBe(entry.host);
      for (const expected of entry.expect) {
        const { selector } = expected;
        const field = fieldOf(page, expected);
        // A page may build its form after load.
        await field.waitFor({ state: 'visible' });
        expect(await field.count(), selector).toBe(1);
        expect(await field.isVisible(), selector).toBe(true);
      }
      // Give an injected script time to act, were there one: none may.
      await page.waitForTimeout(500);
      // Every field (open shadow roots too) holds what its markup gives it, no more.
      const values = await page.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value === (input.getAttribute('value') ?? ((input as HTMLInputElement).type === 'checkbox' ? 'on' : ''))));
      expect(values.every((unchanged) => unchanged)).toBe(true);
      const html = await page.evaluate(() => document.documentElement.outerHTML);
      expect(html.toLowerCase()).not.toContain('keyloft');
      await page.close();
    });
  }

  it('cannot be scripted by the extension until the user invokes it on the tab (activeTab, no host permission)', async () => {
    const [entry] = readCorpus();
    const page = await browser().context.newPage();
    await page.goto(corpus().url(entry!));
    const outcomes = await browser().worker.evaluate(async () => {
      const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
      const tabs = await chrome.tabs.query({});
      return Promise.all(
        tabs.map((tab) =>
          chrome.scripting.executeScript({ target: { tabId: tab.id ?? -1 }, func: () => document.title }).then(
            () => 'ran',
            (error: unknown) => (error instanceof Error ? error.message : String(error)),
          ),
        ),
      );
    });
    // Chrome refuses for want of a host permission, in every tab (the page's, and the profile's first).
    expect(outcomes.length).toBeGreaterThan(0);
    for (const outcome of outcomes) expect(outcome).toMatch(/must request permission to access the respective host/);
    await page.close();
  });
});
