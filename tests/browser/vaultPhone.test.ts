// Issue #43 in Chromium: on a 390 × 844 phone the vault starts in the first screenful: a one-row
// header (the drawer's toggle, the logo and Menu), search and Add Password in one bar, no keyboard help, the first row
// and the search box visible without scrolling in the personal and a team vault; an opened item is
// a full screen with Back; the edit dialog is drawn over the item, never under it. At 1280 × 800
// the header keeps its buttons and the keyboard help its button. axe at both sizes.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { addTeamPassword, createTeam, openHeaderMenu, openItem, openPersonalPasswords, openTeamPasswords, signUpToEmptyVault } from './journeys';
import { boxOf, expectFitsViewport, PHONE, screenshotForReview, type Box } from './layout';

const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 800 } as const;
useChromium();

async function openSized(viewport: { width: number; height: number }) {
  const watched = await openPage();
  await watched.page.setViewportSize(viewport);
  await watched.page.emulateMedia({ reducedMotion: 'reduce' });
  return watched;
}

async function addPassword(page: Page, title: string, url?: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Password' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Password' });
  await form.getByLabel('Title').fill(title);
  if (url !== undefined) await form.getByLabel('URL').fill(url);
  await form.getByLabel('Username').fill(`${title.toLowerCase()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByRole('listitem', { name: title }).waitFor();
}

/** The verification banner comes a moment after the vault: measured with it, the worst case. */
async function withVerificationBanner(page: Page): Promise<void> {
  await page.getByText('Verification email sent!').waitFor({ timeout: 15_000 });
}

/** Whether the element is laid out (not display: none, here or above). */
function shown(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.getClientRects().length > 0);
}

/** The page is at its top and the element lies wholly inside the viewport. */
async function expectInFirstScreen(page: Page, locator: Locator, what: string): Promise<void> {
  expect(await page.evaluate(() => window.scrollY), 'the page was scrolled').toBe(0);
  const box = await boxOf(locator);
  const viewport = page.viewportSize() ?? PHONE;
  expect(box.height, `${what} is not laid out`).toBeGreaterThan(0);
  expect(box.top, `${what} starts above the screen`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${what} ends ${box.bottom} px down, below the ${viewport.height} px screen`).toBeLessThanOrEqual(viewport.height);
  expect(box.right).toBeLessThanOrEqual(viewport.width + 0.5);
}

/** The header is one row: every element it shows lies within one line of the tallest of them. */
async function expectOneRowHeader(page: Page, maxHeight: number): Promise<Box> {
  const header = page.getByRole('banner');
  const box = await boxOf(header);
  expect(box.height, `the header is ${box.height} px tall`).toBeLessThanOrEqual(maxHeight);
  const rows = await header.evaluate((element) =>
    [...element.querySelectorAll('a, button')]
      .filter((child) => child.getClientRects().length > 0)
      .map((child) => {
        const { top, bottom } = child.getBoundingClientRect();
        return { name: child.textContent, middle: (top + bottom) / 2 };
      }),
  );
  expect(rows.length).toBeGreaterThanOrEqual(2);
  const first = rows[0]?.middle ?? 0;
  for (const { name, middle } of rows) expect(Math.abs(middle - first), `${name} is on another row`).toBeLessThanOrEqual(4);
  return box;
}

/** Search and Add Password side by side in one bar. */
async function expectSearchAndAddInOneBar(page: Page): Promise<void> {
  const search = await boxOf(page.getByRole('searchbox', { name: 'Search passwords' }));
  const add = await boxOf(page.getByRole('button', { name: 'Add Password' }));
  expect(add.left, 'Add Password is not beside the search box').toBeGreaterThanOrEqual(search.right);
  expect(Math.abs(add.bottom - search.bottom), 'Add Password is not on the search box’s line').toBeLessThanOrEqual(4);
}

async function expectAccessible(page: Page, context: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expectNoSeriousA11yViolations(page, `${context} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: null, reducedMotion: 'reduce' });
}

/**
 * Every point of `covered` that lies inside `dialog`'s box shows the dialog: whatever is under
 * it (the item's 'Created' line) is never painted over it.
 */
async function expectDrawnOver(dialog: Locator, covered: Locator): Promise<number> {
  const under = await boxOf(covered);
  const handle = await dialog.elementHandle();
  return covered.page().evaluate(
    ({ box, panel }) => {
      const dialogBox = panel.getBoundingClientRect();
      let checked = 0;
      for (let x = box.left + 2; x < box.right - 1; x += 8) {
        for (const y of [box.top + 2, (box.top + box.bottom) / 2, box.bottom - 2]) {
          if (x < dialogBox.left || x > dialogBox.right || y < dialogBox.top || y > dialogBox.bottom) continue;
          const top = document.elementFromPoint(x, y);
          if (top === null || !panel.contains(top)) throw new Error(`at ${x},${y} ${top?.outerHTML.slice(0, 80)} is drawn over the dialog`);
          checked += 1;
        }
      }
      return checked;
    },
    { box: under, panel: handle },
  );
}

describe('the vault on a 390 × 844 phone (issue #43)', () => {
  it('starts in the first screenful, the item opens full screen with Back, the dialog is over it, and axe finds nothing', async () => {
    const { page, errors } = await openSized(PHONE);
    await signUpToEmptyVault(page, baseUrl, 'phone');
    await withVerificationBanner(page);
    await addPassword(page, 'Alpha', 'https://alpha.example.com/login');
    await addPassword(page, 'Bravo');

    // One row: the logo and Menu; the account buttons behind it.
    const header = await expectOneRowHeader(page, 64);
    expect(await shown(page.getByRole('banner').locator('svg.public-logo'))).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Account' });
    // Found by CSS: what is not displayed is not in the accessibility tree.
    const navElement = page.locator('header nav');
    expect(await shown(navElement)).toBe(false);
    expect(await page.getByRole('button', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    // The drawer's toggle sits in the header's row, before the logo, not on a row of its own.
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Vaults and teams' });
    expect((await boxOf(toggle)).right).toBeLessThanOrEqual((await boxOf(page.getByRole('banner').locator('svg.public-logo'))).left);
    expect(await page.getByRole('main').getByRole('button', { name: 'Vaults and teams' }).count()).toBe(0);

    // All items and Personal Passwords: the search box and the first row without scrolling.
    for (const vault of ['All items', 'Personal Passwords'] as const) {
      if (vault === 'Personal Passwords') await openPersonalPasswords(page);
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await expectInFirstScreen(page, page.getByRole('searchbox', { name: 'Search passwords' }), `${vault}: the search box`);
      await expectInFirstScreen(page, page.getByRole('listitem', { name: 'Alpha' }), `${vault}: the first row`);
      await expectSearchAndAddInOneBar(page);
      await expectFitsViewport(page);
    }
    await screenshotForReview(page, 'phone-vault');
    await expectAccessible(page, 'phone: Personal Passwords');

    // Menu discloses SPEC.md's header buttons, inside the screen, over the page.
    await openHeaderMenu(page);
    await nav.waitFor();
    for (const [role, name] of [['link', 'Dashboard'], ['button', 'Invitations'], ['link', 'Billing'], ['button', 'Account Settings'], ['button', 'Log out']] as const) {
      const item = nav.getByRole(role, { name, exact: true });
      const box = await boxOf(item);
      expect(box.top, `${name} is under the header`).toBeGreaterThanOrEqual(header.bottom - 1);
      expect(box.right, `${name} is off screen`).toBeLessThanOrEqual(PHONE.width);
      expect(box.height, `${name} is not thumb-sized`).toBeGreaterThanOrEqual(44);
      const middle = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
      expect(await item.evaluate((element, at) => element.contains(document.elementFromPoint(at.x, at.y)), middle), `${name} is covered`).toBe(true);
    }
    await expectAccessible(page, 'phone: the header menu');
    await page.keyboard.press('Escape');
    expect(await shown(navElement)).toBe(false);
    expect(await page.getByRole('button', { name: 'Menu' }).evaluate((element) => element === document.activeElement)).toBe(true);

    // The item: a full screen, Back at its top.
    const pane = await openItem(page, 'Alpha');
    const paneBox = await boxOf(pane);
    expect(paneBox).toMatchObject({ left: 0, top: 0 });
    expect(paneBox.right).toBeLessThanOrEqual(PHONE.width);
    expect(paneBox.bottom).toBeLessThanOrEqual(PHONE.height);
    const back = pane.getByRole('button', { name: 'Back to list' });
    const backBox = await boxOf(back);
    expect(backBox.top).toBeGreaterThanOrEqual(0);
    expect(backBox.bottom).toBeLessThanOrEqual(80);
    for (const name of ['Copy username for Alpha', 'Show password for Alpha', 'Copy password for Alpha', 'Edit Alpha', 'Delete Alpha']) {
      const box = await boxOf(pane.getByRole('button', { name }));
      expect(box.right, `${name} is off screen`).toBeLessThanOrEqual(PHONE.width);
    }
    const open = pane.getByRole('link', { name: 'Open https://alpha.example.com/login in a new tab' });
    expect(await open.getAttribute('rel')).toBe('noopener noreferrer');
    expect((await boxOf(open)).right).toBeLessThanOrEqual(PHONE.width);
    await expectFitsViewport(page);
    await screenshotForReview(page, 'phone-item');
    await expectAccessible(page, 'phone: an opened item');

    // The edit dialog over the item: its last field is not drawn under the item's 'Created' line.
    await pane.getByRole('button', { name: 'Edit Alpha' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Password' });
    await form.getByLabel('Group').scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, 'phone: Edit Password over the item');
    // The form is taller than the phone: the dialog spans the screen, the item's 'Created' line under it.
    const created = pane.getByText(/^Created /);
    expect(await expectDrawnOver(form, created)).toBeGreaterThan(0);
    await screenshotForReview(page, 'phone-edit-over-item');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // Back: the list again, focus on the row the item was opened from.
    await back.click();
    expect(await shown(page.locator('.pw-pane'))).toBe(false);
    await expect.poll(() => page.getByRole('button', { name: 'Alpha', exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);

    // A team's vault: the first row and the search box without scrolling too.
    await page.getByRole('button', { name: 'Vaults and teams' }).click();
    await createTeam(page, 'Platform');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Vaults and teams', expanded: false }).waitFor();
    await openTeamPasswords(page, 'Platform');
    await addTeamPassword(page, 'Deploy key', 'deployer', 'correct horse battery staple');
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await expectInFirstScreen(page, page.getByRole('searchbox', { name: 'Search passwords' }), 'a team vault: the search box');
    await expectInFirstScreen(page, page.getByRole('listitem', { name: 'Deploy key' }), 'a team vault: the first row');
    await expectSearchAndAddInOneBar(page);
    await expectOneRowHeader(page, 64);
    await expectFitsViewport(page);
    await screenshotForReview(page, 'phone-team-vault');
    await expectAccessible(page, 'phone: a team vault');
    const teamPane = await openItem(page, 'Deploy key');
    const teamPaneBox = await boxOf(teamPane);
    expect(teamPaneBox.top).toBe(0);
    expect(teamPaneBox.bottom).toBeLessThanOrEqual(PHONE.height);
    await expectAccessible(page, 'phone: a team item');
    expectNoPageErrors(errors);
    await page.context().close();
  }, 240_000);
});

describe('the vault at 1280 × 800 (issue #43)', () => {
  it('keeps the header’s buttons in one row, the keyboard help, and the item beside the list; axe finds nothing', async () => {
    const { page, errors } = await openSized(DESKTOP);
    await signUpToEmptyVault(page, baseUrl, 'desktop');
    await withVerificationBanner(page);
    await addPassword(page, 'Alpha', 'https://alpha.example.com/login');
    await expectOneRowHeader(page, 72);
    const nav = page.getByRole('navigation', { name: 'Account' });
    for (const [role, name] of [['link', 'Dashboard'], ['button', 'Invitations'], ['link', 'Billing'], ['button', 'Account Settings'], ['button', 'Log out']] as const) {
      expect(await shown(nav.getByRole(role, { name, exact: true })), `${name} is not in the header`).toBe(true);
    }
    expect(await page.getByRole('banner').getByRole('button', { name: 'Menu' }).count()).toBe(0);
    // The sidebar is always there: no drawer toggle.
    expect(await page.getByRole('button', { name: 'Vaults and teams' }).count()).toBe(0);
    await expectSearchAndAddInOneBar(page);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await expectInFirstScreen(page, page.getByRole('listitem', { name: 'Alpha' }), 'the first row');
    await expectAccessible(page, 'desktop: All items');

    const pane = await openItem(page, 'Alpha');
    const [listBox, paneBox] = [await boxOf(page.getByRole('list', { name: 'All items' })), await boxOf(pane)];
    expect(paneBox.left).toBeGreaterThanOrEqual(listBox.right);
    expect(await shown(pane.locator('.pw-pane__back'))).toBe(false);
    // Nothing is made inert beside the list: the header's buttons stay in reach.
    expect(await page.locator('[inert]').count()).toBe(0);
    // The row says what its button copies; the badge is left off with no team in view.
    const row = page.getByRole('listitem', { name: 'Alpha' });
    expect(await row.getByRole('button', { name: 'Quick copy password for Alpha' }).textContent()).toBe('Copy password');
    expect(await row.textContent()).not.toContain('Personal');
    await screenshotForReview(page, 'desktop-item');
    await expectAccessible(page, 'desktop: an opened item');
    expectNoPageErrors(errors);
    await page.context().close();
  }, 120_000);
});
