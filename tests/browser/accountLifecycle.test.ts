// Account Settings' two account-wide actions in Chromium on the real emulators (SPEC.md §4 "Email
// change", "Account deletion"):
// (a) Change Email: the emailed link (the functions' outbox) confirms the new address once; the user
//     is signed out when the message is closed; the new address opens the same vault, the old one
//     is refused, and the link does not work twice;
// (b) Delete Account: the dialog lists the owned team; a wrong master password deletes nothing; the
//     right one deletes the record, the entries and the owned team, and leaves the app at '/'.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { db } from '../emulator/teams/support';
import { signInWithPassword, uniqueEmail } from '../support/authEmulator';
import { outboxFilesFor } from '../support/outbox';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import {
  acceptFromModal,
  ACCOUNT_PASSWORD,
  addTeamPassword,
  createTeam,
  INVALID_CREDENTIALS,
  inviteAccount,
  MASTER_PASSWORD,
  onBaseUrl,
  openAccountSettings,
  openAllItems,
  openTeamPasswords,
  readPassword,
  reloadAndUnlock,
  signUpToEmptyVault,
  submitSignIn,
  verifyAddress,
  waitForSignedOut,
} from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

/** Adds a personal password from the dashboard. */
async function addPersonalPassword(page: Page, title: string, secret: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Password' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Password' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Username').fill('me');
  await form.getByLabel('Password', { exact: true }).fill(secret);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('listitem', { name: title }).waitFor({ timeout: 15_000 });
}

async function emailChangeLinkFor(email: string): Promise<string> {
  const links = async () => (await outboxFilesFor(email)).flatMap((file) => file.links).filter((link) => link.includes('/verify-email-change'));
  await expect.poll(async () => (await links()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return (await links()).at(-1) as string;
}

/** A failed sign-in logs the 400 of the Auth REST call; nothing else may reach the console. */
function unexpected(errors: readonly string[]): string[] {
  return errors.filter((error) => !error.includes('400'));
}

describe('Account Settings: Change Email in Chromium', () => {
  it('confirms the new address from the emailed link; the new address opens the same vault, the old one and a second use of the link are refused', async () => {
    const { page, errors } = await openPage();
    const oldEmail = await signUpToEmptyVault(page, baseUrl, 'email-old');
    await addPersonalPassword(page, 'Mail', 'mail secret 7');

    const newEmail = uniqueEmail('email-new');
    const settings = await openAccountSettings(page);
    await settings.getByRole('button', { name: 'Change Email' }).click();
    const change = page.getByRole('dialog', { name: 'Change Email' });
    await change.getByText(`Current email: ${oldEmail}`).waitFor();
    await change.getByLabel('New email address').fill(newEmail);
    await change.getByRole('button', { name: 'Send confirmation' }).click();
    await change.getByRole('status').getByText(`Confirmation email sent to ${newEmail}.`).waitFor({ timeout: 15_000 });

    // SPEC.md §4: closing the message signs the user out; the keys go with the session.
    await change.getByRole('button', { name: 'OK, sign out' }).click();
    await waitForSignedOut(page);
    await expect(page.evaluate(() => sessionStorage.getItem('keyloft.encryptedPrivateKey'))).resolves.toBeNull();

    const link = onBaseUrl(await emailChangeLinkFor(newEmail), baseUrl);
    expect(new URL(link).pathname).toBe('/verify-email-change');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email address changed!' }).waitFor({ timeout: 15_000 });
    await page.getByRole('status').getByText(`Your account now uses ${newEmail}.`).waitFor();

    // The new address, the same account password and master password: the same vault.
    await submitSignIn(page, baseUrl, newEmail);
    await page.getByRole('heading', { name: 'Joined Teams' }).waitFor({ timeout: 15_000 });
    await readPassword(page, 'Mail', 'mail secret 7');
    await page.getByRole('button', { name: 'Log out' }).click();
    await waitForSignedOut(page);

    // The old address no longer signs in.
    await submitSignIn(page, baseUrl, oldEmail);
    await page.getByRole('dialog', { name: 'Sign In' }).getByText(INVALID_CREDENTIALS).waitFor({ timeout: 15_000 });
    await expect(signInWithPassword(oldEmail, ACCOUNT_PASSWORD)).rejects.toThrow();

    // The token is single-use: a fresh load of the same link is refused.
    const again = await openPage();
    await again.page.goto(link);
    await again.page.getByRole('heading', { name: 'We couldn’t change your email' }).waitFor({ timeout: 15_000 });
    await again.page.getByRole('alert').getByText('This email change link is invalid or has already been used.').waitFor();
    await expect(signInWithPassword(newEmail, ACCOUNT_PASSWORD)).resolves.toHaveProperty('idToken');

    expectNoPageErrors(unexpected(errors));
    await again.page.context().close();
    await page.context().close();
  }, 150_000);
});

describe('Account Settings: Delete Account in Chromium', () => {
  it('lists the owned team; a wrong master password deletes nothing; the right one deletes the account, its entries and its team', async () => {
    const owner = await openPage();
    const member = await openPage();
    const o = owner.page;
    const m = member.page;
    const ownerEmail = await signUpToEmptyVault(o, baseUrl, 'del-owner');
    const memberEmail = await signUpToEmptyVault(m, baseUrl, 'del-member');
    await verifyAddress(m, baseUrl, memberEmail);
    await createTeam(m, 'Kept');

    await addPersonalPassword(o, 'Bank', 'bank secret 3');
    await createTeam(o, 'Doomed');
    await openTeamPasswords(o, 'Doomed');
    await addTeamPassword(o, 'Shared', 'shared-user', 'shared secret 5');
    await openAllItems(o);
    await inviteAccount(o, 'Doomed', memberEmail);
    await o.keyboard.press('Escape');
    await o.getByRole('dialog', { name: 'Manage Team Members' }).waitFor({ state: 'detached' });
    await reloadAndUnlock(m);
    await acceptFromModal(m, 'Doomed');

    const { localId: uid } = await signInWithPassword(ownerEmail, ACCOUNT_PASSWORD);
    const owned = await db().collection('teams').where('ownerId', '==', uid).get();
    expect(owned.docs.map((doc) => doc.data().name as string)).toEqual(['Doomed']);
    const teamId = owned.docs[0]!.id;
    expect(owned.docs[0]!.data().memberIds).toHaveLength(2);
    const ownEntries = async () => (await db().collection('passwords').where('userId', '==', uid).get()).size;
    const teamEntries = async () => (await db().collection('passwords').where('teamId', '==', teamId).get()).size;
    expect(await ownEntries()).toBeGreaterThan(0);
    expect(await teamEntries()).toBe(1);

    const settings = await openAccountSettings(o);
    await settings.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = o.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByRole('list').getByRole('listitem').filter({ hasText: 'Doomed' }).waitFor({ timeout: 15_000 });
    expect(await dialog.getByRole('list').getByRole('listitem').allTextContents()).toEqual(['Doomed']);

    // A wrong master password: the 'Invalid Master Password' dialog, and nothing is deleted.
    await dialog.getByLabel('Master Password', { exact: true }).fill('not my master password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    const invalid = o.getByRole('dialog', { name: 'Invalid Master Password' });
    await invalid.getByText('Invalid master password. Please try again.').waitFor({ timeout: 15_000 });
    await invalid.getByRole('button', { name: 'OK' }).click();
    await invalid.waitFor({ state: 'detached' });
    expect((await db().collection('users').doc(uid).get()).exists).toBe(true);
    expect((await db().collection('teams').doc(teamId).get()).exists).toBe(true);
    expect(await teamEntries()).toBe(1);
    await expect(signInWithPassword(ownerEmail, ACCOUNT_PASSWORD)).resolves.toHaveProperty('idToken');

    // The right one: everything goes, the user is signed out at '/'.
    await dialog.getByLabel('Master Password', { exact: true }).fill(MASTER_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await o.waitForURL(`${baseUrl}/`, { timeout: 60_000 });
    // The device copy goes with the account: the page loads again and says so (before anything
    // else navigates, or that navigation races the reload).
    await o.getByRole('status').getByText('The copy was removed from this device.').waitFor({ timeout: 60_000 });
    await waitForSignedOut(o);
    await expect(o.evaluate(() => sessionStorage.getItem('keyloft.encryptedPrivateKey'))).resolves.toBeNull();

    expect((await db().collection('users').doc(uid).get()).exists).toBe(false);
    expect((await db().collection('teams').doc(teamId).get()).exists).toBe(false);
    expect(await ownEntries()).toBe(0);
    expect(await teamEntries()).toBe(0);

    // The old credentials are refused.
    await expect(signInWithPassword(ownerEmail, ACCOUNT_PASSWORD)).rejects.toThrow();
    await submitSignIn(o, baseUrl, ownerEmail);
    await o.getByRole('dialog', { name: 'Sign In' }).getByText(INVALID_CREDENTIALS).waitFor({ timeout: 15_000 });

    // The member lost the team with it, and keeps their own ('Kept' listed: the teams have loaded).
    await reloadAndUnlock(m);
    await m.getByRole('list', { name: 'My teams' }).getByRole('listitem', { name: 'Kept' }).waitFor({ timeout: 15_000 });
    expect(await m.getByRole('listitem', { name: 'Doomed' }).count()).toBe(0);

    expectNoPageErrors(unexpected(owner.errors));
    expectNoPageErrors(member.errors);
    await o.context().close();
    await m.context().close();
  }, 180_000);
});
