// axe-core over the product's main screens in Chromium, in the light and the dark theme (the app
// follows the system setting): no serious or critical violation on the landing page, the sign-in
// dialog, the dashboard with entries, and the Add New Password, Account Settings and Manage Team
// Members dialogs (every other dialog: dialogsAccessibility.test.ts). One account walks through
// them in order; each screen is its own test, so a failure names the screen and the others still run. Screenshots of each screen and theme are
// saved when KEYLOFT_SCREENSHOTS is set.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { expectNoPageErrors, openPage, useChromium, type WatchedPage } from './chromium';
import { createTeam, manageMembers, signUpToEmptyVault } from './journeys';
import { checkBothThemes, checkDialog } from './themes';

const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 800 } as const;
const TEAM = 'Design';
useChromium();

async function addPassword(page: Page, title: string, username: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Password' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Password' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('URL').fill(`https://${title.toLowerCase()}.example.com`);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(`${title} secret 9`);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByRole('listitem', { name: title }).waitFor();
}

describe('accessibility of the main screens (axe-core, light and dark)', () => {
  let watched: WatchedPage;
  let page: Page;

  beforeAll(async () => {
    watched = await openPage();
    page = watched.page;
    await page.setViewportSize(DESKTOP);
  });

  afterAll(async () => {
    await page.context().close();
  });

  it('the check itself finds a nameless button, an image without alt text and unreadable text', async () => {
    const probe = await page.context().newPage();
    await probe.setContent(
      '<main><h1>Probe</h1><button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#777;background:#888">faint</p></main>',
    );
    const found = (await seriousA11yViolations(probe)).map((violation) => violation.id);
    expect(found).toEqual(expect.arrayContaining(['button-name', 'image-alt', 'color-contrast']));
    await probe.close();
  });

  it('the landing page', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    await checkBothThemes(page, 'landing');
  });

  it('the sign-in dialog: its choice of methods and its email form', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByRole('button', { name: 'Continue with email' }).waitFor();
    await checkBothThemes(page, 'sign-in-methods');
    await dialog.getByRole('button', { name: 'Continue with email' }).click();
    await dialog.getByLabel('Master password', { exact: true }).waitFor();
    await checkBothThemes(page, 'sign-in-email');
  });

  it('the dashboard with a few entries', async () => {
    await signUpToEmptyVault(page, baseUrl, 'a11y');
    await addPassword(page, 'Mail', 'me@example.com');
    await addPassword(page, 'Bank', 'account 0042');
    await addPassword(page, 'Wiki', 'editor');
    await checkBothThemes(page, 'dashboard');
  }, 120_000);

  it('the Add New Password dialog', async () => {
    await checkDialog(page, 'add-password', page.getByRole('dialog', { name: 'Add New Password' }), () =>
      page.getByRole('button', { name: 'Add Password' }).click(),
    );
  }, 60_000);

  it('the Account Settings dialog', async () => {
    await checkDialog(page, 'account-settings', page.getByRole('dialog', { name: 'Account Settings' }), () =>
      page.getByRole('button', { name: 'Account Settings' }).click(),
    );
  }, 60_000);

  it('the Manage Team Members dialog', async () => {
    await createTeam(page, TEAM);
    await checkDialog(page, 'manage-team-members', page.getByRole('dialog', { name: 'Manage Team Members' }), () =>
      manageMembers(page, TEAM),
    );
  }, 90_000);

  it('logged no page error along the way', () => {
    expectNoPageErrors(watched.errors);
  });
});
