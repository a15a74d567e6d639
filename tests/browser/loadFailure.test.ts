// Issue #18 item 0, in Chromium on the emulators: without a device copy, a vault whose entries
// cannot be read from the server shows the load error with 'Try again', never 'No passwords
// yet…' (offline, the SDK's getDocs answered from its empty cache and the screen took that for an
// empty vault).
import { describe, expect, inject, it } from 'vitest';
import { openPage, useChromium } from './chromium';
import { addTeamPassword, signUpToEmptyVault, unlockHere } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

describe('a vault that cannot be loaded', () => {
  it('shows the load error and a retry, never an empty vault; the retry loads it once the server answers', async () => {
    const { page } = await openPage();
    // This browser keeps no device copy (Account Settings; off by default, said here since the
    // scenario depends on it): with one, the vault opens from it instead (deviceCopy.test.ts).
    await page.addInitScript(() => {
      localStorage.setItem('keyloft.deviceCopy', 'off');
    });
    await signUpToEmptyVault(page, baseUrl, 'load-failure');
    await addTeamPassword(page, 'Bank', 'ana', 'bank secret 1');

    // Every request to Firestore that names the passwords collection fails, as when the server
    // cannot be reached for the vault's query (the user record and the teams still load): the
    // full SDK's streams and the lite SDK's REST queries, which read the vault's pages.
    let blocking = true;
    const firestoreCall = (url: URL) => url.pathname.includes('/google.firestore.v1.Firestore/') || url.pathname.endsWith(':runQuery');
    await page.route(firestoreCall, async (route) => {
      if (blocking && (route.request().postData() ?? '').includes('passwords')) await route.abort();
      else await route.continue();
    });
    await page.reload();
    await unlockHere(page);

    // All items (the screen it opens on) shows the personal vault's alert with its retry: the groups
    // are read first on the same broken stream, so it may name them (the teams sections say 'Failed
    // to load teams/passwords' too).
    const personal = page.getByRole('region', { name: 'All items' });
    const failed = personal.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
    await failed.waitFor({ timeout: 60_000 });
    expect(['Failed to load teams/passwords', 'Failed to load groups']).toContain(await failed.locator('p').innerText());
    expect(await page.getByText('No passwords yet. Add your first password!').count()).toBe(0);

    blocking = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    // The teams sections have their own retry; the personal one is what this test is about.
    await personal.getByRole('listitem', { name: 'Bank' }).waitFor({ timeout: 60_000 });
    expect(await page.getByText('No passwords yet. Add your first password!').count()).toBe(0);
    await page.context().close();
  }, 180_000);
});
