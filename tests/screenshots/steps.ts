// The steps `npm run screenshots` takes in the app, each done as a user does it and found by role,
// label and visible text. One step per screen element, so a screen that changes needs its
// selector changed here and nowhere else.
import type { Locator, Page } from 'playwright-core';
import { submitSignUp } from '../browser/journeys';
import { settle } from '../browser/settle';
import type { DemoEntry } from './demoVault';

export const ACCOUNT_PASSWORD = 'demo-account-password-1';
export const MASTER_PASSWORD = 'a long demo master password 42!';

/** Steps wait this long for a screen: the dev server compiles each module on first use. */
const SCREEN_MS = 60_000;

const vaultsNav = (page: Page) => page.getByRole('navigation', { name: 'Vaults' });

/** The heading of the vault on screen ('All items', 'Personal Passwords', a team's name). */
const vaultHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2, exact: true });

/** Signs `email` up from the landing page through the auth modal, master password included, and waits for the vault. */
export async function signUp(page: Page, appUrl: string, email: string): Promise<void> {
  await page.goto(`${appUrl}/`, { timeout: SCREEN_MS });
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click({ timeout: SCREEN_MS });
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click({ timeout: SCREEN_MS });
  await submitSignUp(page, email, { account: ACCOUNT_PASSWORD, master: MASTER_PASSWORD });
  await vaultHeading(page, 'All items').waitFor({ timeout: SCREEN_MS });
}

/**
 * Closes the 'Verification email sent!' banner, and any other, where it has a Dismiss button
 * (issue #43); a banner without one stays in the picture. Sign-up's banner appears a moment after
 * the vault, so this waits up to `appearMs` for one.
 */
export async function dismissBanners(page: Page, appearMs = 0): Promise<void> {
  const dismiss = page.getByRole('button', { name: /^Dismiss/ });
  if (appearMs > 0) {
    await page.getByText(/Verification email sent/).first().waitFor({ timeout: appearMs }).catch(() => undefined);
  }
  for (const button of await dismiss.all()) {
    if (await button.isVisible()) await button.click();
  }
}

/** Chooses a vault in the sidebar, through its drawer where the sidebar is one (a phone). */
export async function chooseVault(page: Page, name: string | RegExp): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Vaults and teams' });
  if (await toggle.isVisible()) await toggle.click();
  await vaultsNav(page).getByRole('button', { name }).first().click();
}

export async function openPersonalPasswords(page: Page): Promise<void> {
  await chooseVault(page, /^Personal Passwords/);
  await vaultHeading(page, 'Personal Passwords').waitFor({ timeout: SCREEN_MS });
}

export async function openAllItems(page: Page): Promise<void> {
  await chooseVault(page, /^All items/);
  await vaultHeading(page, 'All items').waitFor({ timeout: SCREEN_MS });
}

/** Makes a group in the vault on screen, from its Groups dialog. */
export async function createGroup(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Groups', exact: true }).click();
  const groups = page.getByRole('dialog', { name: 'Groups' });
  await groups.getByRole('button', { name: 'New Group', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'New Group' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create Group' }).click();
  await form.waitFor({ state: 'detached', timeout: SCREEN_MS });
  await groups.getByRole('list', { name: 'Groups' }).getByText(name, { exact: true }).waitFor({ timeout: SCREEN_MS });
  await page.keyboard.press('Escape');
  await groups.waitFor({ state: 'detached' });
}

/** The open list's row of the entry `title`. */
export const entryRow = (page: Page, title: string): Locator => page.getByRole('listitem', { name: title, exact: true });

/** Adds an entry to the vault on screen through Add Password, and waits for its row. */
export async function addEntry(page: Page, entry: DemoEntry): Promise<void> {
  await page.getByRole('button', { name: 'Add Password' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Password' });
  await form.getByLabel('Title').fill(entry.title);
  await form.getByLabel('URL').fill(entry.url);
  await form.getByLabel('Username').fill(entry.username);
  await form.getByLabel('Password', { exact: true }).fill(entry.password);
  if (entry.otp !== undefined) await form.getByLabel('One-time code (optional)', { exact: true }).fill(entry.otp);
  if (entry.notes !== undefined) await form.getByLabel('Notes').fill(entry.notes);
  if (entry.group !== undefined) await form.getByLabel('Group').selectOption({ label: entry.group });
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached', timeout: SCREEN_MS });
  await entryRow(page, entry.title).waitFor({ timeout: SCREEN_MS });
}

/** Creates a team from the sidebar's Create Team. */
export async function createTeam(page: Page, name: string): Promise<void> {
  await vaultsNav(page).getByRole('button', { name: 'Create Team' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Team' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create Team' }).click();
  await form.waitFor({ state: 'detached', timeout: SCREEN_MS });
}

/** Opens a team's vault from the sidebar: its item (the team's name) or its card's 'View passwords of team …'. */
export async function openTeam(page: Page, name: string): Promise<void> {
  await chooseVault(page, new RegExp(`^(View passwords of team )?${name}\\b`));
  await vaultHeading(page, name).waitFor({ timeout: SCREEN_MS });
}

/**
 * Waits for the locked screen a reload shows: the 'Master password' field and Unlock, looked for
 * page-wide so that the lock screen of its own and the 'Enter Master Password' dialog both do.
 */
export async function waitForLockScreen(page: Page): Promise<void> {
  await page.getByLabel('Master password', { exact: true }).waitFor({ timeout: SCREEN_MS });
  await page.getByRole('button', { name: 'Unlock', exact: true }).waitFor();
}

/** Unlocks the locked screen with the master password and waits for All items. */
export async function unlock(page: Page): Promise<void> {
  await page.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await vaultHeading(page, 'All items').waitFor({ timeout: SCREEN_MS });
}

/** Waits until the open list shows every one of `titles` (every vault has answered). */
export async function waitForRows(page: Page, titles: readonly string[]): Promise<void> {
  for (const title of titles) await entryRow(page, title).waitFor({ timeout: SCREEN_MS });
}

/** Opens an entry from its row; waits for its item pane (beside the list, or the whole screen on a phone). */
export async function openItem(page: Page, title: string): Promise<void> {
  await entryRow(page, title).getByRole('button', { name: title, exact: true }).click();
  await page
    .getByRole('region', { name: 'Item details' })
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .waitFor({ timeout: SCREEN_MS });
}

/** Shows the opened entry's live one-time code (the pane offers Show while its details are sealed). */
export async function showOneTimeCode(page: Page, title: string): Promise<void> {
  const show = page.getByRole('button', { name: `Show one-time code for ${title}` });
  await show.click();
  await show.waitFor({ state: 'detached', timeout: SCREEN_MS });
}

/** Saves what the viewport shows, once the page has settled (no re-render or animation under way). */
export async function shoot(page: Page, path: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
}
