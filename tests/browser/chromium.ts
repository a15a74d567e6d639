// Debian's Chromium driven by playwright-core (never a downloaded browser: see ENGINEERING.md §5).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

export interface WatchedPage {
  readonly page: Page;
  /** Console errors and uncaught page errors seen so far. */
  readonly errors: string[];
  /** URLs of every script the page fetched. */
  readonly scripts: string[];
}

/**
 * The Firestore SDK closes a listen stream with a `TYPE=terminate` request; when the emulator has
 * already dropped that session (a page navigating away, a listener ended) it answers 400 and
 * Chromium logs it. Nothing failed: the stream was being closed anyway.
 */
function isListenChannelTeardown(url: string | undefined): boolean {
  return url !== undefined && url.includes('/google.firestore.v1.Firestore/Listen/channel') && url.includes('TYPE=terminate');
}

/**
 * The emulator answers a transaction that collided with another write (two tabs, or a tab and a
 * callable, on one document) with 409 on `documents:commit`; the Firestore SDK retries the
 * transaction by itself and the app hears of it only if every retry fails, which the test's own
 * steps would then show. Chromium still logs the 409 load.
 */
function isRetriedTransactionConflict(text: string, url: string | undefined): boolean {
  return url !== undefined && url.includes('/documents:commit') && text.includes('status of 409');
}

let fileBrowser: Browser | null = null;

/** Launches this test file's Chromium before its tests and closes it after them; `openPage` uses it. */
export function useChromium(): void {
  beforeAll(async () => {
    fileBrowser = await launchChromium();
  });
  afterAll(async () => {
    await fileBrowser?.close();
    fileBrowser = null;
  });
}

export async function openPage(browser: Browser | null = fileBrowser): Promise<WatchedPage> {
  if (browser === null) throw new Error('No Chromium: call useChromium() at the top of the test file');
  const context = await browser.newContext();
  return watchPage(await context.newPage());
}

/** Another tab of the same browser profile as `page` (one context: storage and BroadcastChannel shared), watched alike. */
export async function openTab(page: Page): Promise<WatchedPage> {
  return watchPage(await page.context().newPage());
}

async function watchPage(page: Page): Promise<WatchedPage> {
  // Fail a stuck step with its own message, well inside the test's timeout. Steps take well under
  // a second here, but CI's two cores run the emulator tier beside this one, and a step there has
  // waited past 5 s for a field to appear (invitations (d), once). These limits catch
  // hangs; speed is measured by `npm run bench`.
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    // A failed load's text names only the status; its location names the resource.
    const where = message.location().url;
    if (message.type() !== 'error' || isListenChannelTeardown(where) || isRetriedTransactionConflict(message.text(), where)) return;
    errors.push(where ? `${message.text()} (${where})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Chromium also logs a refused load, but an event names the directive and keeps inline cases.
  await page.exposeFunction('__reportCspViolation', (text: string) => errors.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return { page, errors, scripts };
}

/**
 * No console or page errors. The errors are in the assertion's first line, because CI keeps only
 * the end of a long log and `npm test`'s summary repeats only that line.
 */
export function expectNoPageErrors(errors: readonly string[]): void {
  expect(errors, `page errors: ${errors.join(' | ')}`).toEqual([]);
}
