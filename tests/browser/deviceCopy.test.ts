// Issue #22 item 3 in Chromium on the emulators: a tab reloaded while the servers cannot be reached
// (Firestore, Auth and Functions; the page itself still loads) opens the vault from the device copy
// after the master password, read-only: the personal entries and a team's show, a save is refused
// with a clear message and nothing is queued; back online, the offline notice goes. Removing the
// copy, refused while another tab holds it; a deleted account's copy removed.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEVICE_COPY_DATABASE } from '../../src/data/deviceCopy/indexedDbStore';
import { expectNoPageErrors, openPage, openTab, useChromium } from './chromium';
import {
  addTeamPassword,
  chooseInSidebar,
  createTeam,
  itemPane,
  manageMembers,
  MASTER_PASSWORD,
  openAccountSettings,
  openItem,
  openTeamPasswords,
  readPassword,
  reloadAndUnlock,
  signUpToEmptyVault,
  teamWithFullAccessMember,
  unlock,
  waitForSignedOut,
} from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

const OFFLINE = "You are offline. Changes can't be saved until you are back online.";
/** The device copy's database, or Firestore's persistent cache (the copy of earlier releases). */
const isCopy = (name: string) => name === DEVICE_COPY_DATABASE || name.startsWith('firestore/');

/** The team vaults (entries, groups, the team, its member keys) the page's device copy holds any of. */
async function teamVaultsInCopy(page: Page): Promise<string[]> {
  const vaults = await page.evaluate(async (name) => {
    const done = <T,>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => {
          resolve(request.result);
        };
        request.onerror = () => {
          reject(request.error ?? new Error('IndexedDB request failed'));
        };
      });
    const db = await done(indexedDB.open(name));
    try {
      const transaction = db.transaction(['vaults', 'documents'], 'readonly');
      const whole = await done(transaction.objectStore('vaults').getAllKeys());
      const documents = await done(transaction.objectStore('documents').getAllKeys());
      return [...new Set([...whole.map(String), ...documents.map((key) => (key as [string, string])[0])])];
    } finally {
      db.close();
    }
  }, DEVICE_COPY_DATABASE);
  return vaults.filter((vault) => /^(entries:team:|groups:team:|team:|memberKeys:)/.test(vault)).sort();
}

const LEFT_OPS = 'You are no longer a member of "Ops". Its passwords were removed from this device.';

describe('the device copy', () => {
  it('a tab reloaded with the servers out of reach opens the vault read-only after the master password', async () => {
    const { page } = await openPage();
    // A new browser keeps a copy (Account Settings, 'This device', turns it off).
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpToEmptyVault(page, baseUrl, 'device-copy');
    await addTeamPassword(page, 'Bank', 'ana', 'bank secret 1');
    await addTeamPassword(page, 'Mail', 'ana@example.com', 'mail secret 2');
    await createTeam(page, 'Ops');
    await openTeamPasswords(page, 'Ops');
    await addTeamPassword(page, 'Deploy', 'ops', 'deploy secret 3');
    await chooseInSidebar(page, /^All items/);
    await page.getByRole('list', { name: 'All items' }).getByRole('listitem', { name: /Deploy/ }).waitFor();

    // Every request to the Firestore, Auth and Functions emulators fails from here on.
    let blocked = true;
    const backend = (url: URL) => ['8080', '9099', '5001'].includes(url.port);
    await page.route(backend, async (route) => {
      if (blocked) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.reload();
    await unlock(page);

    const list = page.getByRole('list', { name: 'All items' });
    await list.getByRole('listitem', { name: 'Bank', exact: true }).waitFor({ timeout: 30_000 });
    await list.getByRole('listitem', { name: 'Mail', exact: true }).waitFor();
    await readPassword(page, 'Bank', 'bank secret 1');
    expect(await page.getByText('No passwords yet. Add your first password!').count()).toBe(0);
    // The team's entry too: its key opened from the copy of the team and of the member's key.
    await list.getByRole('listitem', { name: /Deploy/ }).waitFor();
    await openTeamPasswords(page, 'Ops');
    await readPassword(page, 'Deploy', 'deploy secret 3');
    await chooseInSidebar(page, /^All items/);
    // The screen says it is offline, once the server has been silent for the live reads' wait.
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).first().waitFor({ timeout: 30_000 });

    // A save is refused at once, with what was typed kept.
    const pane = await openItem(page, 'Mail');
    await pane.getByRole('button', { name: 'Edit Mail', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edit Password' });
    await form.getByLabel('Notes (optional)').fill('typed offline');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').getByText(OFFLINE).waitFor({ timeout: 15_000 });
    expect(await form.getByLabel('Notes (optional)').inputValue()).toBe('typed offline');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Back online: the live read reaches the server and the offline notice goes.
    blocked = false;
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).first().waitFor({ state: 'detached', timeout: 90_000 });
    await itemPane(page, 'Mail').waitFor();
    await page.context().close();
  }, 240_000);

  it('turning the copy off while another tab has it open asks to close that tab, and this tab reads on', async () => {
    const { page, errors } = await openPage();
    await signUpToEmptyVault(page, baseUrl, 'device-copy-tabs');
    await addTeamPassword(page, 'Bank', 'ana', 'bank secret 1');
    const second = await openTab(page);
    await second.page.goto(`${baseUrl}/`);
    await unlock(second.page);

    const keepCopy = (settings: Awaited<ReturnType<typeof openAccountSettings>>) => settings.getByRole('checkbox', { name: 'Keep a copy of my vault on this device' });
    let settings = await openAccountSettings(page);
    await keepCopy(settings).click();
    await settings.getByRole('alert').getByText("Close Keyloft's other tabs, then try again.").waitFor();
    expect(await keepCopy(settings).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // This tab's database still runs: a change made in the other tab arrives, and a save here lands.
    await addTeamPassword(second.page, 'Mail', 'ana@example.com', 'mail secret 2');
    await page.getByRole('list', { name: 'All items' }).getByRole('listitem', { name: 'Mail', exact: true }).waitFor({ timeout: 15_000 });
    await addTeamPassword(page, 'Shop', 'ana', 'shop secret 3');
    await second.page.getByRole('list', { name: 'All items' }).getByRole('listitem', { name: 'Shop', exact: true }).waitFor({ timeout: 15_000 });

    // With the other tab closed, the copy goes and the page loads again without one.
    await second.page.close();
    settings = await openAccountSettings(page);
    await keepCopy(settings).click();
    await unlock(page);
    expect(await page.evaluate(() => localStorage.getItem('keyloft.deviceCopy'))).toBe('off');
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));
    expect(databases.filter(isCopy)).toEqual([]);
    await readPassword(page, 'Shop', 'shop secret 3');
    expectNoPageErrors(errors);
    await page.context().close();
  }, 240_000);

  it('deleting the account removes the copy from this device', async () => {
    const { page, errors } = await openPage();
    await signUpToEmptyVault(page, baseUrl, 'device-copy-deleted');
    await addTeamPassword(page, 'Bank', 'ana', 'bank secret 1');
    const copies = async () => (await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''))).filter(isCopy);
    // The app's own copy; Firestore keeps no cache of its own on the device.
    expect(await copies()).toEqual([DEVICE_COPY_DATABASE]);

    const settings = await openAccountSettings(page);
    await settings.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByLabel('Master Password', { exact: true }).fill(MASTER_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('status').getByText('The copy was removed from this device.').waitFor({ timeout: 60_000 });
    await waitForSignedOut(page);
    expect(await copies()).toEqual([]);
    expectNoPageErrors(errors);
    await page.context().close();
  }, 240_000);

  it('a member removed from a team while away reopens the app: the team, its entries and its device copy are gone, and it is said once', async () => {
    const owner = await openPage();
    const member = await openPage();
    await signUpToEmptyVault(owner.page, baseUrl, 'copy-owner');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'copy-member');
    await teamWithFullAccessMember(owner.page, member.page, baseUrl, 'Ops', memberEmail, [['Deploy', 'ops', 'deploy secret 3']]);
    let m = member.page;
    await reloadAndUnlock(m);
    await m.getByRole('list', { name: 'All items' }).getByRole('listitem', { name: /Deploy/ }).waitFor({ timeout: 30_000 });
    // The member's device copy holds the team: its entries, its document (with their wrapped key).
    await expect.poll(async () => (await teamVaultsInCopy(m)).filter((vault) => /^(entries:team:|team:)/.test(vault)).length, { timeout: 30_000 }).toBe(2);
    const context = m.context();
    await m.close();

    // While the member is away, the owner removes them.
    const o = owner.page;
    await manageMembers(o, 'Ops');
    const manage = o.getByRole('dialog', { name: 'Manage Team Members' });
    await manage.getByRole('button', { name: `Remove ${memberEmail}` }).click({ timeout: 15_000 });
    const remove = o.getByRole('dialog', { name: 'Remove Member' });
    await remove.getByRole('button', { name: 'Remove Member' }).click();
    await remove.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => manage.getByRole('list', { name: 'Current members' }).textContent(), { timeout: 15_000 }).not.toContain(memberEmail);

    // The member opens the app again (online): the team and its entries are gone, from the screen and the device.
    m = await context.newPage();
    m.setDefaultTimeout(15_000);
    await m.goto(`${baseUrl}/`);
    await unlock(m);
    await m.getByRole('status').getByText(LEFT_OPS).waitFor({ timeout: 30_000 });
    await expect.poll(async () => m.getByRole('listitem', { name: 'Ops' }).count(), { timeout: 15_000 }).toBe(0);
    expect(await m.getByRole('list', { name: 'All items' }).getByRole('listitem', { name: /Deploy/ }).count()).toBe(0);
    await expect.poll(async () => teamVaultsInCopy(m), { timeout: 15_000 }).toEqual([]);
    // Said once: dismissed, it does not come back; the next start does not say it again.
    await m.getByRole('button', { name: 'Dismiss' }).click();
    expect(await m.getByText(LEFT_OPS).count()).toBe(0);
    await reloadAndUnlock(m);
    await m.getByRole('heading', { name: 'My Teams' }).waitFor();
    // The team list read after the unlock has answered (its empty text) before looking for the notice.
    await m.getByText('You have not joined any teams yet. Invitations you accept appear here.').waitFor({ timeout: 15_000 });
    expect(await m.getByText(/no longer a member/).count()).toBe(0);

    expectNoPageErrors(owner.errors);
    await owner.page.context().close();
    await context.close();
  }, 300_000);
});
