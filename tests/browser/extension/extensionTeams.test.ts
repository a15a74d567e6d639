// Team vaults in the extension (docs/extension.md, "The popup"), unlocked on the Auth and Firestore
// emulators: a login of a team the user belongs to is listed for its site with its team's name,
// filled from the popup and by the shortcut; a team whose key the user cannot open is left out
// without an error and without holding up the personal vault. The user's gesture that would grant
// `activeTab` is stood in for by the test build's host permission (extensionBrowser.ts), and the
// shortcut is fired as its event in the worker (extensionCommand.test.ts says why).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPageErrors } from '../chromium';
import { fieldOf, readCorpus, serveCorpus, type CorpusEntry, type CorpusServer } from './corpus';
import { launchWithExtension, type ExtensionBrowser } from './extensionBrowser';
import { allValues, collectErrors, expectFills, signInAndUnlock, tabIdOf, type WorkerChrome } from './extensionPages';
import { seedAccount, seedTeam, type SeededAccount } from './seedVault';

let launched: ExtensionBrowser | undefined;
let served: CorpusServer | undefined;
let account: SeededAccount | undefined;

const plain = readCorpus().find((entry) => entry.id === 'plain-login')!;
const TEAM_HOST = 'team.test';
const LOCKED_TEAM_HOST = 'finance.test';
const TEAM_LOGIN = { title: 'Deploy console', username: 'deploy@example.test', password: 'team password 1' };
/** The plain login page under the team login's host, expecting the team login's values. */
const teamEntry: CorpusEntry = { ...plain, host: TEAM_HOST, item: { urls: [{ url: `http://${TEAM_HOST}/`, match: 'origin' }], username: TEAM_LOGIN.username, password: TEAM_LOGIN.password } };

beforeAll(async () => {
  served = await serveCorpus();
  const corpus = served;
  const urlsOf = (entry: CorpusEntry) => entry.item.urls.map(({ url }) => ({ url: corpus.savedUrl(url), match: 'origin' as const }));
  account = await seedAccount([{ title: 'Personal bank', urls: urlsOf(plain), username: plain.item.username, password: plain.item.password }]);
  await seedTeam(account, 'Engineering', [{ ...TEAM_LOGIN, urls: urlsOf(teamEntry) }]);
  // A team whose stored wrap this member's private key does not open.
  await seedTeam(account, 'Finance', [{ title: 'Finance login', urls: [{ url: corpus.savedUrl(`http://${LOCKED_TEAM_HOST}/`), match: 'origin' }], username: 'f', password: 'f' }], { readable: false });
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
const popupUrl = (tabId: number) => `chrome-extension://${browser().extensionId}/popup.html?tab=${tabId}`;

async function openPage(entry: CorpusEntry): Promise<{ page: Page; url: string; tabId: number }> {
  const page = await browser().context.newPage();
  const url = served!.url(entry);
  await page.goto(url);
  for (const expected of entry.expect) await fieldOf(page, expected).waitFor({ state: 'visible' });
  return { page, url, tabId: await tabIdOf(browser(), url) };
}

async function openPopup(tabId: number): Promise<{ popup: Page; errors: string[] }> {
  const popup = await browser().context.newPage();
  const errors = collectErrors(popup);
  await popup.goto(popupUrl(tabId));
  await popup.getByLabel('Search the vault').waitFor({ timeout: 20_000 });
  return { popup, errors };
}

describe('team vaults in the popup', () => {
  it('lists a team login for its site with its team’s name, and fills it', async () => {
    const { page, url, tabId } = await openPage(teamEntry);
    const { popup, errors } = await openPopup(tabId);
    const forSite = popup.getByRole('region', { name: 'For this site' });
    await forSite.getByText(TEAM_LOGIN.title, { exact: true }).waitFor();
    await forSite.getByText('Team: Engineering', { exact: true }).waitFor();
    const before = await allValues(page);
    const askedAt = Date.now();
    await forSite.getByRole('button', { name: `Fill ${TEAM_LOGIN.title} (team Engineering)`, exact: true }).click();
    await popup.getByText('Filled.').waitFor();
    await page.waitForTimeout(500);
    expectFills(teamEntry, url, before, await allValues(page), askedAt);
    expectNoPageErrors(errors);
    await popup.close();
    await page.close();
  });

  it('leaves out a team whose key does not open, with no error, and still lists the personal vault', async () => {
    const { page, tabId } = await openPage(plain);
    const { popup, errors } = await openPopup(tabId);
    await popup.getByRole('region', { name: 'For this site' }).getByRole('button', { name: 'Fill Personal bank', exact: true }).waitFor();
    // Search over the whole vault: the readable team's login is there, the other team's is not.
    await popup.getByLabel('Search the vault').fill('e');
    const results = popup.getByRole('region', { name: 'Search results' });
    await results.getByText(TEAM_LOGIN.title, { exact: true }).waitFor();
    await results.getByText('Personal bank', { exact: true }).waitFor();
    expect(await popup.getByText('Finance login').count()).toBe(0);
    expect(await popup.getByText('Team: Finance').count()).toBe(0);
    expectNoPageErrors(errors);
    await popup.close();
    await page.close();
  });
});

describe('team vaults for the shortcut', () => {
  it('fills the one matching team login by the shortcut', async () => {
    const { page, url, tabId } = await openPage(teamEntry);
    const before = await allValues(page);
    const askedAt = Date.now();
    await browser().worker.evaluate(async (id) => {
      const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
      await chrome.action.setBadgeText({ tabId: id, text: 'T' });
      chrome.commands.onCommand.dispatch('fill-login', await chrome.tabs.get(id));
    }, tabId);
    // The worker clears its badge once the one match is on its way to the frame.
    await expect
      .poll(() => browser().worker.evaluate(async (id) => (globalThis as unknown as { chrome: WorkerChrome }).chrome.action.getBadgeText({ tabId: id }), tabId), { timeout: 20_000, interval: 100 })
      .toBe('');
    await page.waitForTimeout(500);
    expectFills(teamEntry, url, before, await allValues(page), askedAt);
    await page.close();
  });
});
