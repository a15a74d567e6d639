// The newcomer's walk through README's "The browser extension" on the demo login page `npm start`
// serves (scripts/lib/demoLoginPage.mjs): a login saved for the page's printed address, the popup
// signed in and unlocked, the page open, Fill: the page's two fields hold the login, and its
// submit answers with the name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoLoginPage } from '../../../scripts/lib/demoLoginPage.mjs';
import { expectNoPageErrors } from '../chromium';
import { launchWithExtension, type ExtensionBrowser } from './extensionBrowser';
import { collectErrors, signInAndUnlock, tabIdOf } from './extensionPages';
import { seedAccount, type SeededAccount } from './seedVault';

let launched: ExtensionBrowser | undefined;
let demo: Awaited<ReturnType<typeof startDemoLoginPage>> | undefined;
let account: SeededAccount | undefined;
const LOGIN = { title: 'Demo site', username: 'demo-user', password: 'demo password 1' };

beforeAll(async () => {
  // Any free port here; `npm start` uses DEMO_LOGIN_PORT. The login is saved as a user would, by
  // the page's address with the default rule (exact origin).
  demo = await startDemoLoginPage({ port: 0 });
  account = await seedAccount([{ ...LOGIN, urls: [{ url: demo.url, match: 'origin' }] }]);
  // Stands in for the activeTab grant of the toolbar click a test cannot make (extensionBrowser.ts).
  launched = await launchWithExtension({ hostAccessForTests: ['http://127.0.0.1/*'] });
}, 120_000);

afterAll(async () => {
  await launched?.close();
  await demo?.stop();
});

const browser = (): ExtensionBrowser => launched!;

describe('the demo login page of npm start', () => {
  it('is filled from the popup with the login saved for its address', async () => {
    const popupUrl = `chrome-extension://${browser().extensionId}/popup.html`;
    const signIn = await browser().context.newPage();
    await signInAndUnlock(signIn, popupUrl, account!);
    await signIn.close();

    const page = await browser().context.newPage();
    const pageErrors = collectErrors(page);
    await page.goto(demo!.url);
    const tabId = await tabIdOf(browser(), demo!.url);
    const popup = await browser().context.newPage();
    const errors = collectErrors(popup);
    await popup.goto(`${popupUrl}?tab=${tabId}`);
    const forThisSite = popup.getByRole('region', { name: 'For this site' });
    await forThisSite.getByText(LOGIN.title, { exact: true }).waitFor({ timeout: 20_000 });
    await forThisSite.getByRole('button', { name: `Fill ${LOGIN.title}`, exact: true }).click();
    await popup.getByText('Filled.').waitFor();
    // The built popup links the login to npm start's web app (extension/src/webVault.ts); opened in a new tab.
    const open = forThisSite.getByRole('link', { name: `Open ${LOGIN.title} in the web vault` });
    expect(await open.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:5173\/dashboard\?item=[\w-]+$/);
    expect(await open.getAttribute('target')).toBe('_blank');
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(LOGIN.username);
    expect(await page.getByLabel('Password').inputValue()).toBe(LOGIN.password);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${LOGIN.username}.`).waitFor();
    expectNoPageErrors(errors);
    expectNoPageErrors(pageErrors);
    await popup.close();
    await page.close();
  });
});
