// The billing screens on a 390 px phone, measured in Chromium (the production build on the
// emulators): nothing wider than the screen, the plan cards in one column at full width, every
// plan button inside its card and big enough to tap, and the success and cancel pages fitting.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FAKE_STRIPE } from '../support/fakeStripe/client';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { openHeaderMenu, signUpToEmptyVault, unlockHere } from './journeys';
import { boxOf, expectFitsViewport, PHONE, screenshotForReview } from './layout';

const baseUrl = inject('baseUrl');
useChromium();

/** Stripe.js cannot load here (no internet); the page says so and carries on. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('js.stripe.com') && !error.includes(`${FAKE_STRIPE}/`));

/** The smallest tap target we accept (WCAG 2.2 target size, minimum: 24 px; we aim higher). */
const MIN_TAP = 40;

async function openBilling(page: Page): Promise<void> {
  await openHeaderMenu(page);
  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Billing & Subscriptions' }).waitFor({ timeout: 15_000 });
}

describe('Billing on a phone', () => {
  it('fits a 390 px screen: one column of full-width plan cards, buttons inside them and tappable', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(PHONE);
    await signUpToEmptyVault(page, baseUrl, 'billing-phone');
    await page.getByText('Verification email sent!').waitFor({ timeout: 15_000 });
    await openBilling(page);
    const current = page.getByRole('region', { name: 'Current Plan' });
    await current.getByText('Trial Mode').waitFor({ timeout: 15_000 });
    const free = page.getByRole('article', { name: 'Free' });
    const unlimited = page.getByRole('article', { name: 'Unlimited' });
    await unlimited.getByText('Free Trial - 14 days left').waitFor();
    await screenshotForReview(page, 'billing-phone');

    await expectFitsViewport(page);
    // The cards themselves: the list items around the plans' articles.
    const card = (article: typeof free) => article.locator('xpath=..');
    const [currentBox, freeBox, unlimitedBox] = await Promise.all([boxOf(current), boxOf(card(free)), boxOf(card(unlimited))]);
    for (const box of [currentBox, freeBox, unlimitedBox]) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
      // Full width, less the page's margins.
      expect(box.width).toBeGreaterThan(PHONE.width * 0.8);
    }
    // One column: the second card starts below the first.
    expect(unlimitedBox.top).toBeGreaterThanOrEqual(freeBox.bottom);

    for (const [card, name] of [
      [free, 'Downgrade'],
      [unlimited, 'Continue with this plan'],
    ] as const) {
      const [cardBox, button] = await Promise.all([boxOf(card), boxOf(card.getByRole('button', { name }))]);
      expect(button.left).toBeGreaterThanOrEqual(cardBox.left);
      expect(button.right).toBeLessThanOrEqual(cardBox.right);
      expect(button.height, `${name} is ${button.height} px tall`).toBeGreaterThanOrEqual(MIN_TAP);
    }
    // The billing header button is hidden on /billing (SPEC.md §2), and the header still fits.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Billing', exact: true }).count()).toBe(0);

    expectNoPageErrors(unexpected(errors));
    await page.context().close();
  });

  it('fits the success and cancel pages on a 390 px screen', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(PHONE);
    await signUpToEmptyVault(page, baseUrl, 'billing-phone-pages');
    await page.getByText('Verification email sent!').waitFor({ timeout: 15_000 });

    await page.goto(`${baseUrl}/billing/success`);
    // A page loaded anew: the lock screen first (issue #43), then the page itself.
    await unlockHere(page);
    await page.getByText('No session ID found').waitFor({ timeout: 15_000 });
    await screenshotForReview(page, 'billing-success-no-session');
    await expectFitsViewport(page);

    await page.goto(`${baseUrl}/billing/cancel`);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
    await screenshotForReview(page, 'billing-cancel');
    await expectFitsViewport(page);

    expectNoPageErrors(unexpected(errors));
    await page.context().close();
  });
});
