// Issue #43, items 4, 8 and the Account Settings clause of 10, in Chromium on the production build
// and the emulators, at 1280 × 800 and 390 × 844: the sign-up's verification notice moves nothing
// when it arrives, can be dismissed and stays dismissed after a reload; /billing on a cold start
// shows the app's header and the plans' skeleton before the plans answer; Account Settings fits a
// 60-character address and shows the fingerprint in whole groups; axe finds nothing on each.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FAKE_STRIPE } from '../support/fakeStripe/client';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { openAccountSettings, openHeaderMenu, signUpToEmptyVault, unlockHere } from './journeys';
import { boxOf, PHONE } from './layout';

const baseUrl = inject('baseUrl');
useChromium();

const DESKTOP = { width: 1280, height: 800 } as const;
const NOTICE = 'Verification email sent!';
/** Stripe.js cannot load here (no internet); the billing page says so and carries on. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('js.stripe.com') && !error.includes(`${FAKE_STRIPE}/`));

/** 32 characters: with uniqueEmail's own 28, a 60-character address. */
const LONG_LABEL = 'a-rather-long-mailbox-name-label';

/** A reload, then Unlock; waits for the vault's list heading (on a phone the sidebar is a closed drawer). */
async function reloadAndUnlock(page: Page): Promise<void> {
  await page.reload();
  // The lock screen after a reload (issue #43 item 1).
  await unlockHere(page);
  await page.getByRole('main').getByRole('heading', { level: 2, name: 'All items' }).waitFor({ timeout: 20_000 });
}

/** The billing plans callable answers `ms` late: long enough to see the page before its plans. */
async function delayPlans(page: Page, ms: number): Promise<void> {
  await page.route('**/getSubscriptionPlans', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

describe.each([
  ['1280 × 800', DESKTOP],
  ['390 × 844', PHONE],
] as const)('issue #43 at %s', (_size, viewport) => {
  it('the notice moves nothing and stays dismissed; billing shows its frame at once; Account Settings has room', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(viewport);
    const email = await signUpToEmptyVault(page, baseUrl, LONG_LABEL);
    expect(email).toHaveLength(60);

    // The notice arrives after the vault (the email goes out once it is open): nothing above it moves.
    const heading = page.getByRole('main').getByRole('heading', { level: 2, name: 'All items' });
    const before = await boxOf(heading);
    const notice = page.getByRole('region', { name: 'Email verification' });
    await notice.getByText(NOTICE).waitFor({ timeout: 15_000 });
    expect((await boxOf(heading)).top).toBe(before.top);
    await expectNoSeriousA11yViolations(page, `the vault with the verification notice at ${_size}`);

    // Not dismissed, it is still true after a reload; dismissed, it stays gone.
    await reloadAndUnlock(page);
    await notice.getByText(NOTICE).waitFor({ timeout: 15_000 });
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    await reloadAndUnlock(page);
    // Long enough for the notice to have shown, had it been coming back (it shows with the vault).
    await page.waitForTimeout(1_000);
    expect(await page.getByText(NOTICE).count()).toBe(0);

    // Account Settings: the whole address inside the dialog, the fingerprint in whole groups.
    const settings = await openAccountSettings(page);
    const address = settings.getByText(email, { exact: true });
    await address.waitFor();
    const [dialogBox, addressBox] = await Promise.all([boxOf(settings), boxOf(address)]);
    expect(addressBox.right).toBeLessThanOrEqual(dialogBox.right);
    expect(addressBox.left).toBeGreaterThanOrEqual(dialogBox.left);
    expect(dialogBox.right).toBeLessThanOrEqual(viewport.width);
    const fingerprint = settings.getByRole('region', { name: 'Your key fingerprint' }).locator('code');
    await fingerprint.waitFor({ timeout: 15_000 });
    const groups = await fingerprint.locator('span').evaluateAll((spans) => spans.map((span) => ({ text: span.textContent.trim(), lines: span.getClientRects().length, height: span.getBoundingClientRect().height })));
    expect(groups).toHaveLength(8);
    for (const group of groups) {
      expect(group.text).toMatch(/^[0-9a-f]{4}$/);
      // One line each: no group breaks.
      expect(group.lines).toBe(1);
      expect(group.height).toBeLessThan(2 * (groups[0]?.height ?? 0));
    }
    await expectNoSeriousA11yViolations(page, `Account Settings with a 60-character address at ${_size}`);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // Billing on a cold start: the app's header and the plans' skeleton while the plans are held.
    await delayPlans(page, 8_000);
    await page.goto(`${baseUrl}/billing`);
    // A page loaded anew opens on the lock screen (issue #43 item 1); the plans are asked after it.
    await unlockHere(page);
    const main = page.getByRole('main');
    await main.getByText('Loading billing information…').waitFor({ timeout: 15_000 });
    await openHeaderMenu(page);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Account' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await nav.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await page.getByRole('region', { name: 'Current Plan' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, `billing loading at ${_size}`);
    await page
      .getByRole('region', { name: 'Current Plan' })
      .getByText('Trial Mode')
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        throw new Error(`no 'Trial Mode': ${String(error)}\n--- page: ${await page.locator('body').innerText()}\n--- errors: ${errors.join(' | ')}`);
      });
    expect(await main.getByText('Loading billing information…').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, `billing loaded at ${_size}`);

    expectNoPageErrors(unexpected(errors));
    await page.context().close();
  }, 240_000);
});
