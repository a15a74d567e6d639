// Issue #22 item 4, "Tabs agree", in Chromium on the real emulators: two tabs of one browser
// profile signed in to the same account and both unlocked. Locking one (the auto-lock's "Lock when
// this tab is hidden") locks the other without a reload; unlocking stays per tab. Logging out in
// one signs the other out too.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, openTab, useChromium } from './chromium';
import { lockScreen, openAccountSettings, signUpToEmptyVault, unlock, waitForSignedOut } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

/**
 * What the browser does when the user switches away from a tab and back. Headless Chromium shows
 * every page in a window of its own and never hides one, so the test sets the page's visibility
 * and fires the event the browser would fire; the app is driven only through the event.
 */
async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden ? 'hidden' : 'visible');
}

/** A second tab of the same profile: the auth service finds the user, the vault asks for the master password. */
async function secondTabUnlocked(first: Page) {
  const second = await openTab(first);
  await second.page.goto(`${baseUrl}/`);
  await unlock(second.page);
  return second;
}

/** A mark on the tab's document that a reload would wipe: the change came without one. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { tabsTestMark?: boolean }).tabsTestMark = true;
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  await expect(page.evaluate(() => (window as unknown as { tabsTestMark?: boolean }).tabsTestMark === true)).resolves.toBe(true);
}

const unlockStep = (page: Page) => lockScreen(page);
const dashboard = (page: Page) => page.getByRole('heading', { name: 'Joined Teams' });

describe('tabs of one browser', () => {
  it('a lock in one tab locks the other without a reload; unlocking the first leaves the second locked', async () => {
    const first = await openPage();
    await signUpToEmptyVault(first.page, baseUrl, 'tabs-lock');
    const second = await secondTabUnlocked(first.page);
    await dashboard(first.page).waitFor();

    const settings = await openAccountSettings(first.page);
    await settings.getByLabel('Lock when this tab is hidden').check();
    await first.page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    await markDocument(second.page);
    await setTabHidden(first.page, true);
    await unlockStep(first.page).waitFor();
    // The second tab was never hidden: the first tab's lock reached it.
    await unlockStep(second.page).waitFor({ timeout: 5_000 });
    await dashboard(second.page).waitFor({ state: 'detached' });
    await expectSameDocument(second.page);

    await setTabHidden(first.page, false);
    await unlock(first.page);
    // Unlocking is never announced: give a message time to arrive, then the second still asks.
    await second.page.waitForTimeout(1_500);
    await expect(unlockStep(second.page).isVisible()).resolves.toBe(true);
    await expect(dashboard(second.page).isVisible()).resolves.toBe(false);
    await expect(dashboard(first.page).isVisible()).resolves.toBe(true);

    // And the second tab unlocks by itself, leaving the first open.
    await unlock(second.page);
    await expect(dashboard(first.page).isVisible()).resolves.toBe(true);

    expectNoPageErrors(first.errors);
    expectNoPageErrors(second.errors);
    await first.page.context().close();
  }, 120_000);

  it('a logout in one tab signs the other out without a reload, its keys gone', async () => {
    const first = await openPage();
    await signUpToEmptyVault(first.page, baseUrl, 'tabs-logout');
    const second = await secondTabUnlocked(first.page);
    await markDocument(second.page);

    await first.page.getByRole('button', { name: 'Log out' }).click();
    await waitForSignedOut(first.page);
    // The keys go at once (the first tab's signal); the sign-out itself is the auth service's, which
    // every tab of the profile shares and which clears the stored private key.
    await dashboard(second.page).waitFor({ state: 'detached', timeout: 5_000 });
    await expect.poll(() => second.page.evaluate(() => sessionStorage.getItem('keyloft.encryptedPrivateKey')), { timeout: 10_000 }).toBeNull();
    await waitForSignedOut(second.page);
    await expect(unlockStep(second.page).isVisible()).resolves.toBe(false);
    await expectSameDocument(second.page);

    expectNoPageErrors(first.errors);
    expectNoPageErrors(second.errors);
    await first.page.context().close();
  }, 120_000);
});
