// Teams in Chromium with two users in two browser contexts, on the real Auth, Functions and
// Firestore emulators: the owner creates a team, adds the second user after seeing their key's
// fingerprint, the member sees the team; the owner removes them (the key rotates) and the team is
// gone from the member's dashboard.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage } from './chromium';
import { MASTER_PASSWORD, signUpToEmptyVault } from './journeys';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
});

/** A reload keeps no keys: the user unlocks again, as after opening a new tab. */
async function reloadAndUnlock(page: Page): Promise<void> {
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Enter Master Password' });
  await dialog.waitFor({ timeout: 10_000 });
  await dialog.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('heading', { name: 'Joined Teams' }).waitFor({ timeout: 15_000 });
}

async function createTeam(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Team' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Team' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create Team' }).click();
  await page.getByRole('list', { name: 'My teams' }).getByRole('listitem', { name }).waitFor({ timeout: 15_000 });
}

async function addMember(page: Page, team: string, email: string): Promise<void> {
  await page.getByRole('button', { name: `Manage members of team ${team}` }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Team Members' });
  await manage.getByLabel('Email').fill(email);
  await manage.getByRole('button', { name: 'Add Member' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm New Member' });
  await confirm.getByRole('button', { name: 'Add Member' }).click({ timeout: 15_000 });
  await manage.getByRole('list', { name: 'Current members' }).getByText(email).waitFor({ timeout: 15_000 });
}

async function openTeamPasswords(page: Page, team: string): Promise<void> {
  await page.getByRole('button', { name: `View passwords of team ${team}` }).click();
  await page.getByRole('button', { name: 'Back to dashboard' }).waitFor({ timeout: 15_000 });
}

describe('teams in Chromium, two users', () => {
  it('owner creates a team and adds a member after the fingerprint; the member sees it; removed, they lose it', async () => {
    const owner = await openPage(browser);
    const member = await openPage(browser);
    await signUpToEmptyVault(owner.page, baseUrl, 'owner');
    // The member's dashboard publishes their public key, which the owner's browser wraps the team key for.
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'member');

    const o = owner.page;
    await o.getByRole('button', { name: 'Create Team' }).click();
    const form = o.getByRole('dialog', { name: 'Create New Team' });
    await form.getByLabel('Name').fill('Ops');
    await form.getByRole('button', { name: 'Create Team' }).click();
    await o.getByRole('list', { name: 'My teams' }).getByRole('listitem', { name: 'Ops' }).waitFor({ timeout: 15_000 });

    await o.getByRole('button', { name: 'Manage members of team Ops' }).click();
    const manage = o.getByRole('dialog', { name: 'Manage Team Members' });
    await manage.getByLabel('Email').fill(memberEmail);
    await manage.getByRole('button', { name: 'Add Member' }).click();
    const confirm = o.getByRole('dialog', { name: 'Confirm New Member' });
    await confirm.waitFor({ timeout: 15_000 });
    expect(await confirm.locator('code').textContent()).toMatch(/^([0-9a-f]{4} ){7}[0-9a-f]{4}$/);
    await confirm.getByRole('button', { name: 'Add Member' }).click();
    const members = manage.getByRole('list', { name: 'Current members' });
    await members.getByText(memberEmail).waitFor({ timeout: 15_000 });
    expect(await members.textContent()).toContain('View Only');

    const m = member.page;
    await reloadAndUnlock(m);
    const joined = m.getByRole('list', { name: 'Joined teams' });
    await joined.getByRole('listitem', { name: 'Ops' }).waitFor({ timeout: 15_000 });
    expect(await joined.getByRole('listitem', { name: 'Ops' }).textContent()).not.toContain('Needs Key');

    await manage.getByRole('button', { name: `Remove ${memberEmail}` }).click();
    const remove = o.getByRole('dialog', { name: 'Remove Member' });
    await remove.getByRole('button', { name: 'Remove Member' }).click();
    await remove.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(async () => members.textContent(), { timeout: 10_000 }).not.toContain(memberEmail);

    await reloadAndUnlock(m);
    await m.getByRole('heading', { name: 'Joined Teams' }).waitFor();
    await expect.poll(async () => m.getByRole('listitem', { name: 'Ops' }).count(), { timeout: 10_000 }).toBe(0);

    expect(owner.errors).toEqual([]);
    expect(member.errors.filter((error) => !error.includes('400'))).toEqual([]);
    await owner.page.context().close();
    await member.page.context().close();
  });

  it('shares a password: view only reads and copies, full access edits, removal takes it away, the owner still reads it', async () => {
    const owner = await openPage(browser);
    const member = await openPage(browser);
    await member.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpToEmptyVault(owner.page, baseUrl, 'sharer');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'reader');
    const o = owner.page;
    const m = member.page;

    await createTeam(o, 'Shared');
    await addMember(o, 'Shared', memberEmail);
    await o.keyboard.press('Escape');
    await openTeamPasswords(o, 'Shared');
    await o.getByRole('button', { name: 'Add Password' }).click();
    const form = o.getByRole('dialog', { name: 'Add New Password' });
    await form.getByLabel('Title').fill('Router');
    await form.getByLabel('Username').fill('admin');
    await form.getByLabel('Password', { exact: true }).fill('router secret 1');
    await form.getByRole('button', { name: 'Save' }).click();
    await o.getByRole('listitem', { name: 'Router' }).waitFor({ timeout: 15_000 });

    // View Only: reads and copies, cannot add, edit or delete.
    await reloadAndUnlock(m);
    await openTeamPasswords(m, 'Shared');
    const item = m.getByRole('listitem', { name: 'Router' });
    await item.getByRole('button', { name: 'Show password for Router' }).click({ timeout: 15_000 });
    await item.getByText('router secret 1').waitFor();
    await item.getByRole('button', { name: 'Copy password for Router' }).click();
    await expect.poll(() => m.evaluate(() => navigator.clipboard.readText())).toBe('router secret 1');
    expect(await m.getByRole('button', { name: 'Edit Router' }).count()).toBe(0);
    expect(await m.getByRole('button', { name: 'Delete Router' }).count()).toBe(0);
    expect(await m.getByRole('button', { name: 'Add Password' }).count()).toBe(0);

    // Promoted to Full Access, they edit it.
    await o.getByRole('button', { name: 'Back to dashboard' }).click();
    await o.getByRole('button', { name: 'Manage members of team Shared' }).click();
    const manage = o.getByRole('dialog', { name: 'Manage Team Members' });
    await manage.getByLabel(`Role of ${memberEmail}`).selectOption({ label: 'Full Access' });
    await expect.poll(async () => manage.getByLabel(`Role of ${memberEmail}`).inputValue(), { timeout: 10_000 }).toBe('full');
    await m.getByRole('button', { name: 'Back to dashboard' }).click();
    await openTeamPasswords(m, 'Shared');
    await m.getByRole('button', { name: 'Edit Router' }).click({ timeout: 15_000 });
    const edit = m.getByRole('dialog', { name: 'Edit Password' });
    await edit.getByLabel('Password', { exact: true }).fill('router secret 2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached', timeout: 15_000 });

    // Removed: the key rotates, the team is gone for them, and the owner reads the new value.
    await manage.getByRole('button', { name: `Remove ${memberEmail}` }).click();
    const remove = o.getByRole('dialog', { name: 'Remove Member' });
    await remove.getByRole('button', { name: 'Remove Member' }).click();
    await remove.waitFor({ state: 'detached', timeout: 30_000 });
    await o.keyboard.press('Escape');
    await openTeamPasswords(o, 'Shared');
    const ownersItem = o.getByRole('listitem', { name: 'Router' });
    await ownersItem.getByRole('button', { name: 'Show password for Router' }).click({ timeout: 15_000 });
    await ownersItem.getByText('router secret 2').waitFor({ timeout: 15_000 });

    await reloadAndUnlock(m);
    await expect.poll(async () => m.getByRole('listitem', { name: 'Shared' }).count(), { timeout: 10_000 }).toBe(0);

    expect(owner.errors).toEqual([]);
    expect(member.errors.filter((error) => !error.includes('400'))).toEqual([]);
    await owner.page.context().close();
    await member.page.context().close();
  }, 120_000);
});
