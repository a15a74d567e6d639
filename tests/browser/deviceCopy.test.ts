// Issue #22 item 3 in Chromium on the emulators: a tab reloaded while the servers cannot be reached
// (Firestore, Auth and Functions; the page itself still loads) opens the vault from the device copy
// after the master password, read-only: the entries and a team show, a save is refused with a
// clear message and nothing is queued; back online, a change made elsewhere meanwhile arrives.
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium } from './chromium';
import { addTeamPassword, itemPane, openItem, readPassword, signUpToEmptyVault, unlock } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

const OFFLINE = "You are offline. Changes can't be saved until you are back online.";

describe('the device copy', () => {
  it('a tab reloaded with the servers out of reach opens the vault read-only after the master password', async () => {
    const { page } = await openPage();
    // This browser keeps a copy (Account Settings, 'This device'; off by default).
    await page.addInitScript(() => {
      localStorage.setItem('keyloft.deviceCopy', 'on');
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpToEmptyVault(page, baseUrl, 'device-copy');
    await addTeamPassword(page, 'Bank', 'ana', 'bank secret 1');
    await addTeamPassword(page, 'Mail', 'ana@example.com', 'mail secret 2');

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
});
