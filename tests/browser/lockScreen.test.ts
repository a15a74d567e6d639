// Issue #43 item 1 in Chromium on the production build: after a reload a signed-in user gets the
// lock screen on the page they were on (the account, the master password, Unlock, Log out), never
// the public landing page, at 1280 × 800 and 390 × 844, without an axe finding; unlocking lands on
// the same address.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { lockScreen, signUpToEmptyVault, unlock, unlockHere, waitForSignedOut } from './journeys';
import { expectFitsViewport, PHONE } from './layout';
import { checkBothThemes } from './themes';

const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 800 } as const;
useChromium();

/** What only the public site shows: none of it may appear, even for a moment, on a locked app route. */
const PUBLIC_CONTROLS = ['Sign In', 'Sign Up', 'Get Started Free'] as const;

/**
 * Runs in the page from its first script: notes whether any public-site control was ever in the
 * document, so a landing page flashing before the lock screen is caught, not only one that stays.
 */
function watchForPublicControls(names: readonly string[]): void {
  const record = { seen: [] as string[] };
  (window as unknown as { __publicControls: typeof record }).__publicControls = record;
  const check = () => {
    for (const node of document.querySelectorAll('button, a')) {
      const text = node.textContent.trim();
      if (names.includes(text) && !record.seen.includes(text)) record.seen.push(text);
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

async function publicControlsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __publicControls: { seen: string[] } }).__publicControls.seen);
}

/** The lock screen as a reload shows it on `path`: the account, the focused field, Log out, nothing public. */
async function expectLockScreen(page: Page, email: string, name: string): Promise<void> {
  const locked = lockScreen(page);
  await locked.waitFor({ timeout: 15_000 });
  await locked.getByText(email, { exact: true }).waitFor();
  expect(await locked.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
  expect(await locked.getByRole('button', { name: 'Unlock' }).isVisible()).toBe(true);
  const field = locked.getByLabel('Master password', { exact: true });
  await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await page.title()).toBe('Vault locked – Keyloft');
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await page.getByRole('dialog').count()).toBe(0);
  for (const control of PUBLIC_CONTROLS) {
    expect(await page.getByRole('button', { name: control }).count(), control).toBe(0);
    expect(await page.getByRole('link', { name: control }).count(), control).toBe(0);
  }
  expect(await publicControlsSeen(page)).toEqual([]);
  await expectFitsViewport(page);
  await checkBothThemes(page, name);
}

describe('the lock screen in Chromium', () => {
  it('after a reload on /dashboard, at 1280 × 800 and 390 × 844: the account and Log out, no public page, then the vault', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(DESKTOP);
    const email = await signUpToEmptyVault(page, baseUrl, 'lock-screen');
    await page.getByText('Verification email sent!').waitFor({ timeout: 15_000 });
    await page.addInitScript(watchForPublicControls, PUBLIC_CONTROLS);

    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expectLockScreen(page, email, 'lock-screen-desktop');
    // A wrong master password is said in place; the field keeps its text and the focus.
    const locked = lockScreen(page);
    const field = locked.getByLabel('Master password', { exact: true });
    await field.fill('not my master password');
    await page.keyboard.press('Enter');
    await locked.getByRole('alert').getByText('Invalid master password. Please try again.').waitFor({ timeout: 15_000 });
    expect(await field.inputValue()).toBe('not my master password');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await unlock(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expectLockScreen(page, email, 'lock-screen-phone');
    // On a phone the sidebar (and its 'Joined Teams') waits behind the drawer: the vault's list shows.
    await unlockHere(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'All items' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    expectNoPageErrors(errors);
    await page.context().close();
  }, 120_000);

  it('unlocks back to /billing after a reload there; Log out leaves for the signed-out page', async () => {
    const { page, errors } = await openPage();
    await signUpToEmptyVault(page, baseUrl, 'lock-billing');
    await page.getByText('Verification email sent!').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Billing & Subscriptions' }).waitFor({ timeout: 15_000 });

    await page.reload();
    await unlockHere(page);
    expect(new URL(page.url()).pathname).toBe('/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing & Subscriptions' }).waitFor({ timeout: 15_000 });

    await page.reload();
    await lockScreen(page).getByRole('button', { name: 'Log out' }).click();
    await waitForSignedOut(page);
    await expect(page.evaluate(() => sessionStorage.getItem('keyloft.encryptedPrivateKey'))).resolves.toBeNull();

    // Stripe.js cannot load on this machine (no internet): the billing page says so and carries on.
    expectNoPageErrors(errors.filter((error) => !error.includes('js.stripe.com')));
    await page.context().close();
  }, 120_000);
});
