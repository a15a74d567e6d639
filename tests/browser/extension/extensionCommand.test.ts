// Filling by the keyboard shortcut (`fill-login`, Ctrl+Shift+L) and by the page menu's "Fill login
// with Keyloft" (docs/extension.md, "Filling by the shortcut and the context menu"), unlocked on
// the Auth and Firestore emulators: the worker reads the vault itself, fills the one login that
// matches each corpus page through the guard, and on every other page fills nothing and says why
// on the badge.
//
// How the shortcut is pressed: Chromium routes an extension's shortcut through the browser
// window's accelerators, which a page's synthetic key events (Playwright's keyboard, CDP's
// Input.dispatchKeyEvent) never reach; tried on Debian's Chromium, neither runs the command. So the
// test fires the command's own event in the worker, `chrome.commands.onCommand.dispatch(…)` (and
// `chrome.contextMenus.onClicked.dispatch(…)` for the menu), which runs the listener the worker
// registered, with the tab Chrome would pass. The user's gesture that would grant `activeTab` is
// stood in for by the test build's host permission, as in extensionSession.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldOf, readCorpus, serveCorpus, type CorpusEntry, type CorpusServer } from './corpus';
import { launchWithExtension, type ExtensionBrowser } from './extensionBrowser';
import { allValues, expectFills, offeredOn, signInAndUnlock, tabIdOf, type WorkerChrome } from './extensionPages';
import { seedAccount, type SeededAccount } from './seedVault';

let launched: ExtensionBrowser | undefined;
let served: CorpusServer | undefined;
let account: SeededAccount | undefined;
const corpusEntries = readCorpus();
const TWICE_HOST = 'twice.test';

beforeAll(async () => {
  served = await serveCorpus();
  const corpus = served;
  const twice = { urls: [{ url: corpus.savedUrl(`http://${TWICE_HOST}/`), match: 'origin' as const }], password: 'pw' };
  account = await seedAccount([
    ...corpusEntries.map((entry) => ({ title: `Login for ${entry.id}`, urls: entry.item.urls.map(({ url, match }) => ({ url: corpus.savedUrl(url), match: match as 'origin' })), username: entry.item.username, password: entry.item.password, otp: entry.item.otp })),
    // Two logins for one site: the shortcut cannot know which one the user means.
    { title: 'First of two', username: 'first', ...twice },
    { title: 'Second of two', username: 'second', ...twice },
  ]);
  launched = await launchWithExtension({ hostAccessForTests: ['http://*.test/*'] });
  const popup = await launched.context.newPage();
  await signInAndUnlock(popup, `chrome-extension://${launched.extensionId}/popup.html`, account);
  await popup.close();
}, 120_000);

afterAll(async () => {
  await launched?.close();
  await served?.close();
});

const browser = (): ExtensionBrowser => launched!;
const NOT_YET = 'T';

/** Runs the command (or the menu item) on the tab, and waits until the worker has decided: its badge. */
async function ask(tabId: number, how: 'shortcut' | 'menu'): Promise<string> {
  await browser().worker.evaluate(
    async ([id, via, mark]) => {
      const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
      await chrome.action.setBadgeText({ tabId: id, text: mark });
      const tab = await chrome.tabs.get(id);
      if (via === 'shortcut') chrome.commands.onCommand.dispatch('fill-login', tab);
      else chrome.contextMenus.onClicked.dispatch({ menuItemId: 'keyloft-fill-login', editable: true, frameId: 0, pageUrl: tab.url }, tab);
    },
    [tabId, how, NOT_YET] as const,
  );
  let badge = NOT_YET;
  await expect
    .poll(
      async () => {
        badge = await browser().worker.evaluate(async (id) => (globalThis as unknown as { chrome: WorkerChrome }).chrome.action.getBadgeText({ tabId: id }), tabId);
        return badge;
      },
      { timeout: 20_000, interval: 100 },
    )
    .not.toBe(NOT_YET);
  return badge;
}

async function open(url: string, entry?: CorpusEntry): Promise<{ page: Page; tabId: number }> {
  const page = await browser().context.newPage();
  await page.goto(url);
  for (const expected of entry?.expect ?? []) await fieldOf(page, expected).waitFor({ state: 'visible' });
  return { page, tabId: await tabIdOf(browser(), url) };
}

describe('filling a corpus page by the shortcut', () => {
  for (const entry of corpusEntries) {
    it(`${entry.id}: ${entry.expect.length > 0 ? 'fills the expected fields' : 'fills nothing'}`, async () => {
      const url = served!.url(entry);
      const { page, tabId } = await open(url, entry);
      const before = await allValues(page);
      const askedAt = Date.now();
      const badge = await ask(tabId, 'shortcut');
      // The one matching login was sent on its way (badge cleared); where none matches, "0".
      expect(badge).toBe(offeredOn(entry, served!) ? '' : '0');
      await page.waitForTimeout(500);
      expectFills(entry, url, before, await allValues(page), askedAt);
      await page.close();
    });
  }
});

describe('the shortcut where it cannot choose, and the context menu', () => {
  it('fills nothing where two logins match, and says so on the badge', async () => {
    const entry = corpusEntries.find((candidate) => candidate.id === 'plain-login')!;
    const url = served!.url({ ...entry, host: TWICE_HOST });
    const { page, tabId } = await open(url);
    expect(await ask(tabId, 'shortcut')).toBe('?');
    await page.waitForTimeout(500);
    expect(Object.values(await allValues(page)).every((value) => value === '')).toBe(true);
    await page.close();
  });

  it('the context menu item fills the one matching login, as the shortcut does', async () => {
    const entry = corpusEntries.find((candidate) => candidate.id === 'login-german')!;
    const url = served!.url(entry);
    const { page, tabId } = await open(url, entry);
    const before = await allValues(page);
    const askedAt = Date.now();
    expect(await ask(tabId, 'menu')).toBe('');
    await page.waitForTimeout(500);
    expectFills(entry, url, before, await allValues(page), askedAt);
    await page.close();
  });

  it('fills nothing once locked, by the shortcut or the menu', async () => {
    const popup = await browser().context.newPage();
    await popup.goto(`chrome-extension://${browser().extensionId}/popup.html`);
    await popup.getByRole('button', { name: 'Lock', exact: true }).click();
    await popup.getByRole('heading', { level: 1, name: 'Keyloft is locked' }).waitFor();
    await popup.close();
    const entry = corpusEntries.find((candidate) => candidate.id === 'plain-login')!;
    const { page, tabId } = await open(served!.url(entry), entry);
    expect(await ask(tabId, 'shortcut')).toBe('!');
    expect(await ask(tabId, 'menu')).toBe('!');
    await page.waitForTimeout(500);
    expect(Object.values(await allValues(page)).every((value) => value === '')).toBe(true);
    await page.close();
  });
});
