// axe-core over every dialog of the vault screen that accessibility.test.ts does not open, in the
// light and the dark theme (issue #21: "axe-core finds no serious or critical violation on the
// vault screen, the item pane, and each dialog"): the personal vault's Groups (New Group, Edit
// Group, Delete Group), the Password Generator, Edit Password and Delete Password from the item
// pane, Password health, Import and Export Passwords; a team's Edit Team, Delete Team and Invitation Created; the
// header's Team Invitations and a member's Leave Team; Account Settings' Change Email, Change
// Account Password, Change Master Password and Delete Account. Screenshots with KEYLOFT_SCREENSHOTS.
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium, type WatchedPage } from './chromium';
import { addTeamPassword, createTeam, inviteAccount, manageMembers, openItem, openPersonalPasswords, signUpToEmptyVault, teamMenuAction, verifyAddress } from './journeys';
import { checkBothThemes, checkDialog } from './themes';

const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1280, height: 800 } as const;
useChromium();

/** Escape until no dialog is open: a dialog opened from another closes one level at a time. */
async function closeEveryDialog(page: Page): Promise<void> {
  const dialogs = page.getByRole('dialog');
  for (let open = await dialogs.count(); open > 0; open = await dialogs.count()) {
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogs.count()).toBeLessThan(open);
  }
}

/** Opens `inner` from the open `outer` dialog by its button, checks it, and closes both. */
async function checkNested(page: Page, name: string, outer: Locator, button: string, inner: Locator): Promise<void> {
  try {
    await outer.getByRole('button', { name: button, exact: true }).click();
    await inner.waitFor({ timeout: 15_000 });
    await checkBothThemes(page, name);
  } finally {
    await closeEveryDialog(page);
  }
}

describe('accessibility of every other dialog (axe-core, light and dark)', () => {
  let watched: WatchedPage;
  let page: Page;
  let email: string;

  beforeAll(async () => {
    watched = await openPage();
    page = watched.page;
    await page.setViewportSize(DESKTOP);
    email = await signUpToEmptyVault(page, baseUrl, 'a11y-dialogs');
    await openPersonalPasswords(page);
    await addTeamPassword(page, 'Mail', 'me@example.com', 'mail secret 9');
  }, 120_000);

  // A failed check leaves its dialog open, and the page under it inert: the next check starts clean.
  afterEach(async () => {
    await closeEveryDialog(page);
  });

  afterAll(async () => {
    await page.context().close();
  });

  it('Groups, New Group, Edit Group and Delete Group', async () => {
    const groups = page.getByRole('dialog', { name: 'Groups' });
    await checkDialog(page, 'groups', groups, () => page.getByRole('button', { name: 'Groups', exact: true }).click());

    await page.getByRole('button', { name: 'Groups', exact: true }).click();
    await checkNested(page, 'new-group', groups, 'New Group', page.getByRole('dialog', { name: 'New Group' }));

    await page.getByRole('button', { name: 'Groups', exact: true }).click();
    await groups.getByRole('button', { name: 'New Group', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'New Group' });
    await form.getByLabel('Name').fill('Work');
    await form.getByRole('button', { name: 'Create Group' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    await groups.getByRole('list', { name: 'Groups' }).getByText('Work').waitFor({ timeout: 15_000 });
    await checkNested(page, 'edit-group', groups, 'Edit Work', page.getByRole('dialog', { name: 'Edit Group' }));

    await page.getByRole('button', { name: 'Groups', exact: true }).click();
    await checkNested(page, 'delete-group', groups, 'Delete Work', page.getByRole('dialog', { name: 'Delete Group' }));
  }, 90_000);

  it('the Password Generator, opened from Add New Password', async () => {
    await page.getByRole('button', { name: 'Add Password' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Password' });
    await form.waitFor();
    await checkNested(page, 'password-generator', form, 'Open generator', page.getByRole('dialog', { name: 'Password Generator' }));
  }, 60_000);

  it('Edit Password and Delete Password from the item pane', async () => {
    const pane = await openItem(page, 'Mail');
    await checkDialog(page, 'edit-password', page.getByRole('dialog', { name: 'Edit Password' }), () => pane.getByRole('button', { name: 'Edit Mail' }).click());
    await checkDialog(page, 'delete-password', page.getByRole('dialog', { name: 'Delete Password' }), () => pane.getByRole('button', { name: 'Delete Mail' }).click());
  }, 60_000);

  it('Password health, its report shown', async () => {
    const dialog = page.getByRole('dialog', { name: 'Password health: Personal Passwords' });
    await checkDialog(page, 'password-health', dialog, async () => {
      await page.getByRole('main').getByRole('button', { name: 'Password health' }).click();
      await dialog.getByRole('region', { name: 'Weak passwords' }).waitFor({ timeout: 60_000 });
    });
  }, 90_000);

  it('Import Passwords and Export Passwords', async () => {
    await checkDialog(page, 'import', page.getByRole('dialog', { name: 'Import Passwords' }), () => page.getByRole('main').getByRole('button', { name: 'Import', exact: true }).click());
    await checkDialog(page, 'export', page.getByRole('dialog', { name: 'Export Passwords' }), () => page.getByRole('main').getByRole('button', { name: 'Export', exact: true }).click());
  }, 60_000);

  it('a team’s Edit Team, Delete Team and Invitation Created', async () => {
    await createTeam(page, 'Design');
    await checkDialog(page, 'edit-team', page.getByRole('dialog', { name: 'Edit Team' }), () => teamMenuAction(page, 'Design', 'Edit team'));
    await checkDialog(page, 'delete-team', page.getByRole('dialog', { name: 'Delete Team' }), () => teamMenuAction(page, 'Design', 'Delete team'));

    await manageMembers(page, 'Design');
    const manage = page.getByRole('dialog', { name: 'Manage Team Members' });
    await manage.getByLabel('Email').fill('someone.new@example.com');
    try {
      await manage.getByRole('button', { name: 'Add Member' }).click();
      await page.getByRole('dialog', { name: 'Invitation Created' }).waitFor({ timeout: 15_000 });
      await checkBothThemes(page, 'invitation-created');
    } finally {
      await closeEveryDialog(page);
    }
  }, 90_000);

  it('the header’s Team Invitations and a member’s Leave Team', async () => {
    const owner = await openPage();
    try {
      await owner.page.setViewportSize(DESKTOP);
      await signUpToEmptyVault(owner.page, baseUrl, 'a11y-inviter');
      await createTeam(owner.page, 'Ops');
      await inviteAccount(owner.page, 'Ops', email);
      expectNoPageErrors(owner.errors);
    } finally {
      await owner.page.context().close();
    }

    await verifyAddress(page, baseUrl, email);
    const invitations = page.getByRole('dialog', { name: 'Team Invitations' });
    await page.getByRole('button', { name: 'Invitations' }).click();
    await invitations.getByRole('button', { name: 'Accept invitation to Ops' }).waitFor({ timeout: 15_000 });
    await checkBothThemes(page, 'team-invitations');
    await invitations.getByRole('button', { name: 'Accept invitation to Ops' }).click();
    await page.getByRole('list', { name: 'Joined teams' }).getByRole('listitem', { name: 'Ops' }).waitFor({ timeout: 15_000 });
    await closeEveryDialog(page);

    await manageMembers(page, 'Ops');
    const manage = page.getByRole('dialog', { name: 'Manage Team Members' });
    await checkNested(page, 'leave-team', manage, 'Leave team', page.getByRole('dialog', { name: 'Leave Team' }));
  }, 180_000);

  for (const [button, title] of [
    ['Change Email', 'Change Email'],
    ['Change Account Password', 'Change Account Password'],
    ['Change Master Password', 'Change Master Password'],
    ['Delete Account', 'Delete Account'],
  ] as const) {
    it(`${title}, from Account Settings`, async () => {
      await page.getByRole('button', { name: 'Account Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Account Settings' });
      await settings.waitFor();
      await checkNested(page, title.toLowerCase().replaceAll(' ', '-'), settings, button, page.getByRole('dialog', { name: title, exact: true }));
    }, 60_000);
  }

  it('logged no page error along the way', () => {
    expectNoPageErrors(watched.errors);
  });
});
