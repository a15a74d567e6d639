// Issue #46 in Chromium on the production build, with Chromium's virtual authenticator (DevTools
// protocol, WebAuthn domain, hasPrf): add a passkey in Settings, lock, unlock with it (its last use
// shown), a second browser context without the credential offered the master password only, then
// remove it; the master password still unlocks.
//
// WebAuthn refuses an IP address as relying party id, so the app is opened at localhost (the same
// Hosting emulator as 127.0.0.1; a secure context all the same).
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { lockScreen, MASTER_PASSWORD, openAccountSettings, signUpToEmptyVault, submitSignIn, unlockHere } from './journeys';

const baseUrl = inject('baseUrl').replace('//127.0.0.1:', '//localhost:');
useChromium();

/** A platform authenticator with PRF and user verification, as a laptop's or phone's. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf: true },
  });
  return { cdp, authenticatorId };
}

async function passkeySection(page: Page) {
  const settings = await openAccountSettings(page);
  return { settings, section: settings.getByRole('region', { name: 'Unlock with a passkey' }) };
}

/** The lock screen is up with its master password form; the passkey offer, if any, has had time to show. */
async function settledLockScreen(page: Page) {
  const locked = lockScreen(page);
  await locked.getByRole('button', { name: 'Unlock', exact: true }).waitFor({ timeout: 15_000 });
  // The offer reads the passkey records from the server: give it that round trip.
  await page.waitForTimeout(1_500);
  return locked;
}

describe('unlock with a passkey in Chromium', () => {
  it('adds a passkey, unlocks with it, is not offered where the credential is not, removes it; the master password still unlocks', async () => {
    const { page, errors } = await openPage();
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    const email = await signUpToEmptyVault(page, baseUrl, 'passkey');

    // Settings: the master password, then a name and the authenticator.
    let { settings, section } = await passkeySection(page);
    await section.getByText('No passkeys yet.').waitFor({ timeout: 15_000 });
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
    await section.getByRole('button', { name: 'Continue' }).click();
    await section.getByLabel('Passkey name').fill('Virtual key');
    await section.getByRole('button', { name: 'Create passkey' }).click();
    await section.getByText('Passkey added. It can unlock your vault on this device.').waitFor({ timeout: 20_000 });
    const list = section.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('Virtual key').waitFor();
    expect(await list.textContent()).toContain('Never used');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // Lock (a reload keeps no keys), then the passkey opens the vault.
    await page.reload();
    const locked = lockScreen(page);
    await locked.getByRole('button', { name: 'Unlock with a passkey' }).click({ timeout: 15_000 });
    await locked.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('heading', { name: 'Joined Teams' }).waitFor({ timeout: 15_000 });
    ({ settings, section } = await passkeySection(page));
    await section.getByRole('list', { name: 'Your passkeys' }).getByText('Last used').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // A second browser context (no authenticator, no credential) signs in to the same account: the
    // lock screen there offers the master password only.
    const other = await openPage();
    await submitSignIn(other.page, baseUrl, email);
    await other.page.getByRole('heading', { name: 'Joined Teams' }).waitFor({ timeout: 20_000 });
    await other.page.reload();
    const otherLocked = await settledLockScreen(other.page);
    expect(await otherLocked.getByRole('button', { name: 'Unlock with a passkey' }).count()).toBe(0);
    await unlockHere(other.page);
    expectNoPageErrors(other.errors);
    await other.page.context().close();

    // Remove it, after a confirmation: its record (the wrap) goes, and the lock screen offers it no more.
    ({ settings, section } = await passkeySection(page));
    await section.getByRole('button', { name: 'Remove passkey Virtual key' }).click();
    await section.getByRole('group').getByRole('button', { name: 'Remove passkey' }).click();
    await section.getByText('No passkeys yet.').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    await page.reload();
    const relocked = await settledLockScreen(page);
    expect(await relocked.getByRole('button', { name: 'Unlock with a passkey' }).count()).toBe(0);
    await unlockHere(page);
    await page.getByRole('heading', { name: 'Joined Teams' }).waitFor({ timeout: 15_000 });

    expectNoPageErrors(errors);
    await page.context().close();
  }, 180_000);
});
