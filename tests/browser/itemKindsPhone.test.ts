// Issue #44 in Chromium on a 390 × 844 phone: 'New item' makes a card; the form fits the screen,
// the card's row says its brand and last digits, its pane is a full screen whose buttons fit and
// are thumb-sized, the number shows grouped in fours on request; the sidebar's kinds narrow the
// list. axe finds nothing serious on the form or the pane.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { openItem, openPersonalPasswords, signUpToEmptyVault } from './journeys';
import { boxOf, expectFitsViewport, PHONE, screenshotForReview } from './layout';

const baseUrl = inject('baseUrl');
useChromium();

async function expectFitsAndThumbSized(locator: Locator, name: string): Promise<void> {
  const box = await boxOf(locator);
  expect(box.right, `${name} is off screen`).toBeLessThanOrEqual(PHONE.width);
  expect(box.left, `${name} is off screen`).toBeGreaterThanOrEqual(0);
  expect(box.height, `${name} is not thumb-sized`).toBeGreaterThanOrEqual(44);
}

async function addCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New item' }).click();
  const form = page.getByRole('dialog', { name: 'New item' });
  await form.getByRole('radio', { name: 'Card' }).check();
  await form.getByLabel('Title', { exact: true }).fill('Travel card');
  await form.getByLabel('Cardholder', { exact: true }).fill('Ana Lima');
  await form.getByLabel('Card number', { exact: true }).fill('5555 5555 5555 4444');
  await form.getByLabel('Expiry', { exact: true }).fill('01/30');
  await form.getByLabel('Security code', { exact: true }).fill('123');
  await expectFitsViewport(page);
  await expectNoSeriousA11yViolations(page, 'phone: the new card form');
  await screenshotForReview(page, 'phone-new-card');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('items of other kinds on a phone', () => {
  it('makes a card, lists it, shows it full screen with its number grouped, and filters by kind', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUpToEmptyVault(page, baseUrl, 'phone-items');
    await openPersonalPasswords(page);
    await addCard(page);

    const row = page.getByRole('listitem', { name: 'Travel card' });
    await row.getByText('Mastercard •••• 4444, expires 01/30').waitFor({ timeout: 15_000 });
    expect((await boxOf(row)).right).toBeLessThanOrEqual(PHONE.width);

    const pane = await openItem(page, 'Travel card');
    const paneBox = await boxOf(pane);
    expect(paneBox).toMatchObject({ left: 0, top: 0 });
    expect(paneBox.right).toBeLessThanOrEqual(PHONE.width);
    const show = pane.getByRole('button', { name: 'Show card number for Travel card' });
    await show.waitFor({ timeout: 15_000 });
    for (const name of ['Show card number for Travel card', 'Copy card number for Travel card', 'Copy cardholder for Travel card', 'Show security code for Travel card', 'Edit Travel card', 'Delete Travel card']) {
      await expectFitsAndThumbSized(pane.getByRole('button', { name }), name);
    }
    await show.click();
    await pane.getByText('5555 5555 5555 4444').waitFor();
    await expectFitsViewport(page);
    await expectNoSeriousA11yViolations(page, 'phone: a card');
    await screenshotForReview(page, 'phone-card');
    await pane.getByRole('button', { name: 'Back to list' }).click();

    // The sidebar's kinds, in the drawer: Logins hides the card, Cards shows it.
    await page.getByRole('button', { name: 'Vaults and teams' }).click();
    await page.getByRole('list', { name: 'Kinds of item' }).getByRole('button', { name: 'Logins' }).click();
    await page.getByText('No items of this kind here.').waitFor();
    await page.getByRole('button', { name: 'Vaults and teams' }).click();
    await page.getByRole('list', { name: 'Kinds of item' }).getByRole('button', { name: 'Cards' }).click();
    await row.waitFor();
    await expectFitsViewport(page);
    expectNoPageErrors(errors);
  });
});
