// What the extension's browser tests share: reading the worker's storage and tabs, the pages'
// errors, and every field of every frame before and after a fill, against the corpus entry's
// expected fills (tests/extension-corpus/README.md).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { matchesUrl } from '../../../src/features/vault/items/urlMatch';
import { codeAt, parseOneTimeCode } from '../../../src/features/vault/otp/oneTimeCode';
import type { CorpusEntry, CorpusServer } from './corpus';
import type { ExtensionBrowser } from './extensionBrowser';

/** The `chrome` API as the worker's evaluate callbacks use it (the tests' tsconfig has no chrome types). */
export interface WorkerChrome {
  storage: Record<'session' | 'local', { get(keys: null): Promise<Record<string, unknown>> }>;
  tabs: { query(filter: object): Promise<{ id?: number; url?: string }[]>; get(tabId: number): Promise<{ id?: number; url?: string }> };
  action: { getBadgeText(details: { tabId: number }): Promise<string>; setBadgeText(details: { tabId: number; text: string }): Promise<void> };
  commands: { onCommand: { dispatch(command: string, tab: unknown): void } };
  contextMenus: { onClicked: { dispatch(info: object, tab: unknown): void } };
}

export async function storage(browser: ExtensionBrowser): Promise<{ session: Record<string, unknown>; local: Record<string, unknown> }> {
  return browser.worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
    return { session: await chrome.storage.session.get(null), local: await chrome.storage.local.get(null) };
  });
}

/** The tab showing a page of `origin` (a single-page app may have moved to another path since). */
export async function tabIdOf(browser: ExtensionBrowser, url: string): Promise<number> {
  const { origin } = new URL(url);
  const tabs = await browser.worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
    return chrome.tabs.query({});
  });
  const tab = tabs.find((candidate) => candidate.url !== undefined && new URL(candidate.url).origin === origin);
  if (tab?.id === undefined) throw new Error(`no tab at ${origin}`);
  return tab.id;
}

export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Every field's value in every frame of the page (open shadow roots too), by frame host and field id. */
export async function allValues(page: Page): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const frame of page.frames()) {
    const found = await frame.locator('input').evaluateAll((inputs) => inputs.map((input) => [input.id, (input as HTMLInputElement).value] as const));
    for (const [id, value] of found) values[`${new URL(frame.url()).host} #${id}`] = value;
  }
  return values;
}

/** Whether the entry's item may be filled on its page at all: a URL of it matches by its rule. */
export function offeredOn(entry: CorpusEntry, served: CorpusServer): boolean {
  const page = served.url(entry);
  return entry.item.urls.some(({ url, match }) => matchesUrl({ url: served.savedUrl(url), match: match as 'origin' }, page));
}

/** The codes the item's one-time code had from `since` to now (a code may roll over meanwhile). */
function codesSince(entry: CorpusEntry, since: number): readonly string[] {
  if (entry.item.otp === undefined) return [];
  const settings = parseOneTimeCode(entry.item.otp);
  return [codeAt(settings, since).code, codeAt(settings, Date.now()).code];
}

/**
 * After a fill asked for at `askedAt`: the expected fields hold the item's values, and every other
 * field of every frame holds what it held before (`before`): nothing else was filled.
 */
export function expectFills(entry: CorpusEntry, pageUrl: string, before: Record<string, string>, after: Record<string, string>, askedAt: number): void {
  const expected = { ...before };
  const host = new URL(pageUrl).host;
  const codes = codesSince(entry, askedAt);
  const actual = { ...after };
  for (const { selector, value } of entry.expect) {
    const key = `${host} #${selector.replace(/^#/, '')}`;
    if (value === 'otp') {
      expect(codes).toContain(actual[key]);
      expected[key] = actual[key]!;
    } else expected[key] = value === 'username' ? entry.item.username : entry.item.password;
  }
  expect(actual).toEqual(expected);
}

/** Signs in and unlocks in the popup page (the session test checks each step's errors; this just gets there). */
export async function signInAndUnlock(page: Page, popupUrl: string, account: { email: string; accountPassword: string; masterPassword: string }): Promise<void> {
  await page.goto(popupUrl);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Account password').fill(account.accountPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Master password').fill(account.masterPassword);
  await page.getByRole('button', { name: 'Unlock' }).click();
  // Exact: "Unlock" contains "lock".
  await page.getByRole('button', { name: 'Lock', exact: true }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Search the vault').waitFor({ timeout: 30_000 });
}
