// Steps several browser tests share, done as a user does them.
import type { Locator, Page } from 'playwright-core';
import { uniqueEmail } from '../support/authEmulator';

export const ACCOUNT_PASSWORD = 'account-password-1';
export const MASTER_PASSWORD = 'a long master password 42!';

/** Fills the open Sign Up form with `email` and the two passwords, each typed twice, and submits it. */
export async function submitSignUp(page: Page, email: string, passwords = { account: ACCOUNT_PASSWORD, master: MASTER_PASSWORD }): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Account password', { exact: true }).fill(passwords.account);
  await dialog.getByLabel('Confirm account password', { exact: true }).fill(passwords.account);
  await dialog.getByLabel('Master password', { exact: true }).fill(passwords.master);
  await dialog.getByLabel('Confirm master password', { exact: true }).fill(passwords.master);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}

/** Signs a new account up through the auth modal and waits for its empty vault; returns the email. */
export async function signUpToEmptyVault(page: Page, baseUrl: string, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click();
  await submitSignUp(page, email);
  await page.getByText('No passwords yet. Add your first password!').waitFor({ timeout: 15_000 });
  return email;
}

/** A reload keeps no keys: the user unlocks again, as after opening a new tab. */
export async function reloadAndUnlock(page: Page): Promise<void> {
  await page.reload();
  await unlock(page);
}

/** The lock screen of a signed-in tab whose vault is closed (issue #43): a reload, an auto-lock. */
export function lockScreen(page: Page): Locator {
  return page.getByRole('main', { name: 'Your vault is locked' });
}

/** Answers the lock screen and waits for it to go: the page it stood in for shows next. */
export async function unlockHere(page: Page, masterPassword = MASTER_PASSWORD): Promise<void> {
  const locked = lockScreen(page);
  await locked.waitFor({ timeout: 10_000 });
  await locked.getByLabel('Master password', { exact: true }).fill(masterPassword);
  await locked.getByRole('button', { name: 'Unlock' }).click();
  await locked.waitFor({ state: 'detached', timeout: 15_000 });
}

/** Answers the lock screen of a signed-in, locked tab and waits for the dashboard. */
export async function unlock(page: Page): Promise<void> {
  await unlockHere(page);
  await page.getByRole('heading', { name: 'Joined Teams' }).waitFor({ timeout: 15_000 });
}

/** An emailed link as this test server serves it: the emulators' emails point at the dev server. */
export function onBaseUrl(link: string, baseUrl: string): string {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}${url.hash}`;
}

/**
 * Verifies the address through the verification email sign-up sent (the emulator outbox), then
 * unlocks the tab that the link's page reloaded.
 */
export async function verifyAddress(page: Page, baseUrl: string, email: string): Promise<void> {
  const { outboxFilesFor } = await import('../support/outbox');
  const verificationLinks = async () => (await outboxFilesFor(email)).flatMap((file) => file.links).filter((link) => link.includes('/verify-email'));
  // Sign-up sends it in the background: on a loaded machine it may land a moment after the vault.
  for (let waited = 0; waited < 15_000 && (await verificationLinks()).length === 0; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const link = (await verificationLinks()).at(-1);
  if (link === undefined) throw new Error(`no verification email for ${email}`);
  await page.goto(onBaseUrl(link, baseUrl));
  await page.getByRole('heading', { name: 'Email verified!' }).waitFor({ timeout: 15_000 });
  await unlock(page);
}

/**
 * Chooses a vault in the vault screen's sidebar (issue #21), through its drawer on a phone, where
 * the sidebar is hidden behind 'Vaults and teams'.
 */
export async function chooseInSidebar(page: Page, name: string | RegExp): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Vaults and teams' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Vaults' }).getByRole('button', { name }).click();
}

/** The personal vault on screen (the vault screen opens on All items). */
export async function openPersonalPasswords(page: Page): Promise<void> {
  await chooseInSidebar(page, /^Personal Passwords/);
  await page.getByRole('heading', { name: 'Personal Passwords', level: 2 }).waitFor({ timeout: 15_000 });
}

export async function createTeam(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Team' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Team' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create Team' }).click();
  await page.getByRole('list', { name: 'My teams' }).getByRole('listitem', { name }).waitFor({ timeout: 15_000 });
  // The live team list can show the team before the form has closed; a key pressed next (Escape
  // for the phone's drawer) would go to the form.
  await form.waitFor({ state: 'detached' });
}

export async function openTeamPasswords(page: Page, team: string): Promise<void> {
  await chooseInSidebar(page, `View passwords of team ${team}`);
  await page.getByRole('main').getByRole('heading', { name: team, exact: true, level: 2 }).waitFor({ timeout: 15_000 });
}

/** Back to All items (the sidebar is the one way back from a vault, issue #43). */
export async function openAllItems(page: Page): Promise<void> {
  await chooseInSidebar(page, /^All items/);
  await page.getByRole('main').getByRole('heading', { name: 'All items', level: 2 }).waitFor({ timeout: 15_000 });
}

/**
 * Chooses a team's action ('Edit team', 'Delete team', 'Manage members of team') from its menu in the
 * sidebar (issue #43 item 5), through the drawer on a phone.
 */
export async function teamMenuAction(page: Page, team: string, action: 'Edit team' | 'Delete team' | 'Manage members of team'): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Vaults and teams' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Vaults' }).getByRole('button', { name: `Actions for team ${team}`, exact: true }).click();
  await page.getByRole('menuitem', { name: `${action} ${team}`, exact: true }).click();
}

/** Opens Manage Team Members: from the team's header when it is on screen, else from its sidebar menu. */
export async function manageMembers(page: Page, team: string): Promise<void> {
  const inHeader = page.getByRole('main').getByRole('button', { name: `Manage members of team ${team}`, exact: true });
  if (await inHeader.isVisible()) await inHeader.click();
  else await teamMenuAction(page, team, 'Manage members of team');
}

/** Adds a password to the team whose passwords are open. */
export async function addTeamPassword(page: Page, title: string, username: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Password' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Password' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('listitem', { name: title }).waitFor({ timeout: 15_000 });
}

/** The item pane showing the entry `title` (the pane beside the list, or over it on a phone). */
export function itemPane(page: Page, title: string): Locator {
  return page.getByRole('region', { name: 'Item details' }).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** Selects an entry by its row in the open list and returns its item pane, where its fields and actions are. */
export async function openItem(page: Page, title: string): Promise<Locator> {
  const row = page.getByRole('listitem', { name: title, exact: true });
  await row.getByRole('button', { name: title, exact: true }).click({ timeout: 15_000 });
  const pane = itemPane(page, title);
  await pane.waitFor({ timeout: 15_000 });
  return pane;
}

/** Shows an entry's password in its pane and waits for the plaintext. */
export async function readPassword(page: Page, title: string, expected: string): Promise<void> {
  const pane = await openItem(page, title);
  await pane.getByRole('button', { name: `Show password for ${title}` }).click({ timeout: 15_000 });
  await pane.getByText(expected).waitFor({ timeout: 15_000 });
}

/**
 * The owner invites an address from Manage Team Members and emails the link (docs/invitations.md:
 * the same for an address with an account as without; the key travels only in the link). Leaves
 * the Manage Team Members modal open.
 */
export async function inviteAccount(page: Page, team: string, email: string, role?: string): Promise<void> {
  await manageMembers(page, team);
  const manage = page.getByRole('dialog', { name: 'Manage Team Members' });
  await manage.getByLabel('Email').fill(email);
  if (role !== undefined) await manage.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await manage.getByRole('button', { name: 'Add Member' }).click();
  const created = page.getByRole('dialog', { name: 'Invitation Created' });
  await created.getByRole('button', { name: 'Send Email' }).click({ timeout: 15_000 });
  await created.waitFor({ state: 'detached', timeout: 15_000 });
  await manage.getByText(`Invitation sent to ${email}.`).waitFor();
  await manage.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor({ timeout: 15_000 });
}

/**
 * From the dashboard, a key holder gives `email` the team key ('Grant Access'); returns the
 * fingerprint the confirmation showed, and closes Manage Team Members again.
 */
export async function grantAccess(page: Page, team: string, email: string): Promise<string> {
  await manageMembers(page, team);
  const manage = page.getByRole('dialog', { name: 'Manage Team Members' });
  await manage.getByRole('button', { name: `Grant Access to ${email}` }).click({ timeout: 15_000 });
  const confirm = page.getByRole('dialog', { name: 'Grant Access' });
  await confirm.waitFor({ timeout: 15_000 });
  const fingerprint = (await confirm.locator('code').textContent()) ?? '';
  if (!FINGERPRINT.test(fingerprint)) throw new Error('the confirmation shows no fingerprint');
  await confirm.getByRole('button', { name: 'Grant Access' }).click();
  await confirm.waitFor({ state: 'detached', timeout: 15_000 });
  await manage.getByRole('button', { name: `Grant Access to ${email}` }).waitFor({ state: 'detached', timeout: 15_000 });
  await page.keyboard.press('Escape');
  await manage.waitFor({ state: 'detached' });
  return fingerprint;
}

/**
 * The owner (on their dashboard) creates `team` holding `entries` ([title, username, password]) and
 * invites `memberEmail` as `role` (Full Access unless named); the member verifies their address and accepts; the owner
 * grants them the key. Both pages end on their dashboards.
 */
export async function teamWithFullAccessMember(
  owner: Page,
  member: Page,
  baseUrl: string,
  team: string,
  memberEmail: string,
  entries: readonly (readonly [string, string, string])[],
  role = 'Full Access',
): Promise<void> {
  await createTeam(owner, team);
  await openTeamPasswords(owner, team);
  for (const [title, username, password] of entries) await addTeamPassword(owner, title, username, password);
  await openAllItems(owner);
  await inviteAccount(owner, team, memberEmail, role);
  await owner.keyboard.press('Escape');
  await verifyAddress(member, baseUrl, memberEmail);
  await acceptFromModal(member, team);
  await grantAccess(owner, team, memberEmail);
}

/** A key fingerprint as people compare it: eight groups of four hex digits. */
export const FINGERPRINT = /^([0-9a-f]{4} ){7}[0-9a-f]{4}$/;

export async function openAccountSettings(page: Page): Promise<Locator> {
  // On a phone the header's buttons are behind its Menu (issue #43 item 2).
  await openHeaderMenu(page);
  await page.getByRole('button', { name: 'Account Settings' }).click();
  return page.getByRole('dialog', { name: 'Account Settings' });
}

/** The invitee accepts from the header's Team Invitations modal. */
export async function acceptFromModal(page: Page, team: string): Promise<void> {
  await page.getByRole('button', { name: 'Invitations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team Invitations' });
  await dialog.getByRole('button', { name: `Accept invitation to ${team}` }).click({ timeout: 15_000 });
  await page.getByRole('list', { name: 'Joined teams' }).getByRole('listitem', { name: team }).waitFor({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  // The modal leaves the page inert while open: later steps need it gone.
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

/** The landing page a signed-out visitor sees. */
export async function waitForSignedOut(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Secure Password Management for Teams' }).waitFor({ timeout: 15_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
}

/**
 * Fills and submits the auth modal's email sign-in from '/'. Leaves the result to the caller: the
 * dashboard, or the modal with its error.
 */
export async function submitSignIn(page: Page, baseUrl: string, email: string, masterPassword = MASTER_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Account password', { exact: true }).fill(ACCOUNT_PASSWORD);
  await dialog.getByLabel('Master password', { exact: true }).fill(masterPassword);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

export const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';

/** The header's account buttons: on a phone they are behind its Menu (issue #43), opened here first. */
export async function openHeaderMenu(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
}
