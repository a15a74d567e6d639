// Invitations in Chromium, several users in separate browser contexts, on the real Auth, Functions,
// Firestore and Hosting emulators (docs/invitations.md):
// (a) an existing account accepts from the Team Invitations modal without the link, so joins needing
//     the key; the owner grants it after the fingerprints match; the member reads a shared password;
// (b) a new address opens the emailed link, creates an account from it, lands on the dashboard
//     joined, and reads a shared password at once; afterwards neither the link's secret nor the
//     team key is in any document, any emulator log line, or any email but that invitation;
// (c) a declined and a cancelled invitation, and a signed-in user opening someone else's link;
// (d) a signed-out account opens the emailed link, signs in from 'Account Found!' and is joined.
import { readFile, readdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { asStoredCiphertext, bytesToBase64, importInviteKey, inviteTeamKeyContext, unwrapTeamKeyWithInvite } from '../../src/crypto';
import { db } from '../emulator/teams/support';
import { uniqueEmail } from '../support/authEmulator';
import { outboxFilesFor, OUTBOX } from '../support/outbox';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import {
  acceptFromModal,
  ACCOUNT_PASSWORD,
  addTeamPassword,
  createTeam,
  FINGERPRINT,
  grantAccess,
  inviteAccount,
  manageMembers,
  MASTER_PASSWORD,
  onBaseUrl,
  openAccountSettings,
  openAllItems,
  openTeamPasswords,
  readPassword,
  reloadAndUnlock,
  signUpToEmptyVault,
  verifyAddress,
} from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

/** The owner's side: a team with one password, opened back on the dashboard. */
async function teamWithPassword(page: Page, team: string, title: string, secret: string): Promise<void> {
  await createTeam(page, team);
  await openTeamPasswords(page, team);
  await addTeamPassword(page, title, 'shared-user', secret);
  await openAllItems(page);
}

/** Invites an address without an account and emails the link; leaves Manage Team Members open. */
async function inviteByEmail(page: Page, team: string, email: string): Promise<void> {
  await manageMembers(page, team);
  const manage = page.getByRole('dialog', { name: 'Manage Team Members' });
  await manage.getByLabel('Email').fill(email);
  await manage.getByRole('button', { name: 'Add Member' }).click();
  const created = page.getByRole('dialog', { name: 'Invitation Created' });
  await created.getByRole('button', { name: 'Send Email' }).click({ timeout: 15_000 });
  await created.waitFor({ state: 'detached', timeout: 15_000 });
  await manage.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor({ timeout: 15_000 });
}

async function invitationLinkFor(email: string): Promise<string> {
  await expect.poll(async () => (await outboxFilesFor(email)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const link = (await outboxFilesFor(email)).flatMap((file) => file.links).find((candidate) => candidate.includes('/accept-invite'));
  if (link === undefined) throw new Error(`no invitation link for ${email}`);
  return link;
}

/** Every document of every collection, as JSON. */
async function everyDocument(): Promise<string> {
  const parts: string[] = [];
  for (const collection of await db().listCollections()) {
    for (const doc of (await collection.get()).docs) parts.push(JSON.stringify({ path: doc.ref.path, data: doc.data() }));
  }
  return parts.join('\n');
}

async function everyEmail(): Promise<{ to: string; body: string }[]> {
  const names = (await readdir(OUTBOX).catch(() => [])).filter((name) => name.endsWith('.json'));
  return Promise.all(
    names.map(async (name) => {
      const body = await readFile(OUTBOX + name, 'utf8');
      return { to: (JSON.parse(body) as { to: string }).to, body };
    }),
  );
}

describe('invitations in Chromium', () => {
  it('(a) an existing account accepts from Team Invitations without the link; the owner grants the key after the fingerprints match', async () => {
    const owner = await openPage();
    const member = await openPage();
    await signUpToEmptyVault(owner.page, baseUrl, 'inv-owner');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'inv-member');
    const o = owner.page;
    const m = member.page;
    await verifyAddress(m, baseUrl, memberEmail);

    await teamWithPassword(o, 'Alpha', 'Wiki', 'wiki secret 1');
    await inviteAccount(o, 'Alpha', memberEmail, 'Full Access');
    await o.keyboard.press('Escape');

    await reloadAndUnlock(m);
    const button = m.getByRole('button', { name: 'Invitations' });
    await expect.poll(async () => button.getAttribute('title'), { timeout: 10_000 }).toBe('1 pending invitation(s)');
    await acceptFromModal(m, 'Alpha');
    // The key travels only in the link: accepted from the list, the member needs it granted.
    const joined = m.getByRole('list', { name: 'Joined teams' }).getByRole('listitem', { name: 'Alpha' });
    expect(await joined.textContent()).toContain('Needs Key');

    await reloadAndUnlock(o);
    const shownToOwner = await grantAccess(o, 'Alpha', memberEmail);
    // The fingerprint the owner confirmed is the one the member finds in their Account Settings,
    // so the two can compare it over another channel.
    const settings = await openAccountSettings(m);
    const own = settings.getByRole('region', { name: 'Your key fingerprint' }).locator('code');
    await own.waitFor({ timeout: 15_000 });
    expect(await own.textContent()).toMatch(FINGERPRINT);
    expect(await own.textContent()).toBe(shownToOwner);
    await m.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    await reloadAndUnlock(m);
    await expect.poll(async () => m.getByRole('list', { name: 'Joined teams' }).getByRole('listitem', { name: 'Alpha' }).textContent(), { timeout: 10_000 }).not.toContain('Needs Key');
    await openTeamPasswords(m, 'Alpha');
    await readPassword(m, 'Wiki', 'wiki secret 1');
    // Full Access, as invited.
    expect(await m.getByRole('button', { name: 'Edit Wiki' }).count()).toBe(1);
    await expect.poll(async () => button.getAttribute('title')).toBeNull();

    expectNoPageErrors(owner.errors);
    expectNoPageErrors(member.errors);
    await o.context().close();
    await m.context().close();
  }, 120_000);

  it('(b) a new address opens the emailed link, creates an account, joins, reads; no secret or team key leaks', async () => {
    const owner = await openPage();
    const invitee = await openPage();
    await signUpToEmptyVault(owner.page, baseUrl, 'inv-owner-b');
    const o = owner.page;
    const i = invitee.page;
    const inviteeEmail = uniqueEmail('inv-new');
    await teamWithPassword(o, 'Beta', 'Router', 'router secret 9');
    await inviteByEmail(o, 'Beta', inviteeEmail);

    const link = await invitationLinkFor(inviteeEmail);
    const url = new URL(link);
    const secret = new URLSearchParams(url.hash.slice(1)).get('secret');
    const inviteId = url.searchParams.get('inviteId');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('secret')).toBeNull();
    // The key copy the secret opens, read before it goes with the acceptance: it gives the team key to look for.
    const keyCopy = (await db().doc(`invitations/${inviteId!}`).get()).get('encryptedTeamKeyWithSecret') as unknown;

    await i.goto(onBaseUrl(link, baseUrl));
    await i.getByRole('heading', { name: /Keyloft/ }).waitFor({ timeout: 15_000 });
    await i.getByText("You've been invited to join").waitFor();
    await i.getByText('Beta').first().waitFor();
    await i.getByText("You'll need to create an account to accept this invitation.").waitFor();
    await i.getByRole('button', { name: 'Create Account' }).click();
    const signUp = i.getByRole('dialog', { name: 'Sign Up' });
    // The modal opened from the invitation starts at the sign-up choices; the address is filled in.
    await signUp.getByRole('button', { name: 'Continue with email' }).click();
    expect(await signUp.getByLabel('Email').inputValue()).toBe(inviteeEmail);
    await signUp.getByLabel('Account password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await signUp.getByLabel('Confirm account password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await signUp.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
    await signUp.getByLabel('Confirm master password', { exact: true }).fill(MASTER_PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();

    await i.getByText('Successfully joined the team!').waitFor({ timeout: 30_000 });
    expect(new URL(i.url()).pathname).toBe('/dashboard');
    await i.getByRole('list', { name: 'Joined teams' }).getByRole('listitem', { name: 'Beta' }).waitFor({ timeout: 15_000 });
    await openTeamPasswords(i, 'Beta');
    await readPassword(i, 'Router', 'router secret 9');

    // What the server holds after (b): the invitation is used up, its key copy gone.
    const invitation = (await db().doc(`invitations/${inviteId!}`).get()).data()!;
    expect(invitation).toMatchObject({ status: 'accepted', encryptedTeamKeyWithSecret: null });
    const teamKey = await unwrapTeamKeyWithInvite(asStoredCiphertext('invite-team-key', keyCopy), await importInviteKey(secret!), inviteTeamKeyContext(inviteId!));
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', teamKey.key));
    const secretBytes = Buffer.from(secret!, 'base64url');
    const needles = [
      secret!,
      secretBytes.toString('base64'),
      secretBytes.toString('hex'),
      bytesToBase64(raw),
      Buffer.from(raw).toString('base64url'),
      Buffer.from(raw).toString('hex'),
    ];
    const documents = await everyDocument();
    expect(documents).toContain(inviteId!);
    for (const needle of needles) expect(documents).not.toContain(needle);

    const logPath = process.env.KEYLOFT_EMULATOR_LOG;
    expect(logPath, 'npm test and with-emulators.mjs export the emulator log').toBeTruthy();
    const log = await readFile(logPath!, 'utf8');
    expect(log).toContain('sendInvitationEmailWithSecret');
    for (const needle of needles) expect(log).not.toContain(needle);

    const emails = await everyEmail();
    const carriers = emails.filter((email) => email.body.includes(secret!));
    expect(carriers.map((email) => email.to)).toEqual([inviteeEmail]);
    for (const email of emails) for (const needle of needles.slice(3)) expect(email.body).not.toContain(needle);

    expectNoPageErrors(owner.errors);
    expectNoPageErrors(invitee.errors);
    await o.context().close();
    await i.context().close();
  }, 150_000);

  it('(d) a signed-out account follows the emailed link: Account Found, Sign In, joined with the key', async () => {
    const owner = await openPage();
    const member = await openPage();
    await signUpToEmptyVault(owner.page, baseUrl, 'inv-owner-d');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'inv-returning');
    const o = owner.page;
    const m = member.page;
    await verifyAddress(m, baseUrl, memberEmail);
    await m.getByRole('button', { name: 'Log out' }).click();
    await m.getByRole('heading', { name: 'Secure Password Management for Teams' }).waitFor();

    await teamWithPassword(o, 'Delta', 'Printer', 'printer secret 4');
    await inviteAccount(o, 'Delta', memberEmail);
    const link = await invitationLinkFor(memberEmail);
    // The same link as for an address without an account: the key travels under its secret.
    expect(new URL(link).hash).toMatch(/^#secret=[A-Za-z0-9_-]{43}$/);

    await m.goto(onBaseUrl(link, baseUrl));
    await m.getByRole('heading', { name: 'Account Found!' }).waitFor({ timeout: 15_000 });
    await m.getByText(`An account already exists for ${memberEmail}.`).waitFor();
    await m.getByText('Please sign in to accept this invitation.').waitFor();
    await m.getByRole('button', { name: 'Sign In' }).click();
    // The modal starts at the sign-in choices, as from the header.
    await m.getByRole('dialog').getByRole('button', { name: 'Continue with email' }).click();
    const signIn = m.getByRole('dialog', { name: 'Sign In' });
    expect(await signIn.getByLabel('Email').inputValue()).toBe(memberEmail);
    await signIn.getByLabel('Account password', { exact: true }).fill(ACCOUNT_PASSWORD);
    await signIn.getByLabel('Master password', { exact: true }).fill(MASTER_PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();

    await m.getByText('Successfully joined the team!').waitFor({ timeout: 30_000 });
    await m.getByRole('list', { name: 'Joined teams' }).getByRole('listitem', { name: 'Delta' }).waitFor({ timeout: 15_000 });
    await openTeamPasswords(m, 'Delta');
    await readPassword(m, 'Printer', 'printer secret 4');

    expectNoPageErrors(owner.errors);
    expectNoPageErrors(member.errors);
    await o.context().close();
    await m.context().close();
  }, 150_000);

  it('(c) declined and cancelled invitations lead nowhere; someone else’s link changes nothing', async () => {
    const owner = await openPage();
    const member = await openPage();
    await signUpToEmptyVault(owner.page, baseUrl, 'inv-owner-c');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'inv-decliner');
    const o = owner.page;
    const m = member.page;
    await verifyAddress(m, baseUrl, memberEmail);
    await createTeam(o, 'Gamma');

    // Declined from the modal: not a member, and the owner's pending list is empty again.
    await inviteAccount(o, 'Gamma', memberEmail);
    await o.keyboard.press('Escape');
    await reloadAndUnlock(m);
    await m.getByRole('button', { name: 'Invitations' }).click();
    const modal = m.getByRole('dialog', { name: 'Team Invitations' });
    await modal.getByRole('button', { name: 'Decline invitation to Gamma' }).click({ timeout: 15_000 });
    await modal.getByText('You have no pending invitations.').waitFor({ timeout: 15_000 });
    expect(await modal.getByRole('alert').count()).toBe(0);
    await m.keyboard.press('Escape');
    expect(await m.getByRole('list', { name: 'Joined teams' }).getByRole('listitem', { name: 'Gamma' }).count()).toBe(0);
    await manageMembers(o, 'Gamma');
    const manage = o.getByRole('dialog', { name: 'Manage Team Members' });
    await manage.getByText('No pending invitations.').waitFor({ timeout: 15_000 });

    // Someone else's link: the signed-in member opens an invitation sent to another address.
    const stranger = uniqueEmail('inv-other');
    await manage.getByLabel('Email').fill(stranger);
    await manage.getByRole('button', { name: 'Add Member' }).click();
    await o.getByRole('dialog', { name: 'Invitation Created' }).getByRole('button', { name: 'Send Email' }).click({ timeout: 15_000 });
    const strangersLink = await invitationLinkFor(stranger);
    await m.goto(onBaseUrl(strangersLink, baseUrl));
    await m.getByRole('heading', { name: 'Invitation Error' }).waitFor({ timeout: 15_000 });
    await m.getByText('This invitation was sent to a different email address.', { exact: false }).waitFor();
    const strangersId = new URL(strangersLink).searchParams.get('inviteId')!;
    expect((await db().doc(`invitations/${strangersId}`).get()).data()?.status).toBe('pending');

    // Cancelled by the owner: the link then says so.
    await manage.getByRole('list', { name: 'Pending invitations' }).getByRole('button', { name: `Cancel invitation to ${stranger}` }).click({ timeout: 15_000 });
    await manage.getByText('No pending invitations.').waitFor({ timeout: 15_000 });
    const visitor = await openPage();
    await visitor.page.goto(onBaseUrl(strangersLink, baseUrl));
    await visitor.page.getByRole('heading', { name: 'Invitation Error' }).waitFor({ timeout: 15_000 });
    // The server's wording, as the spec words it (firebase/functions' status suffix removed).
    expect(await visitor.page.locator('main').textContent(), visitor.errors.join(' | ')).toContain(
      'This invitation does not exist or has been removed.',
    );
    await visitor.page.getByRole('link', { name: 'Go to Home' }).click();
    await visitor.page.waitForURL(`${baseUrl}/`);

    expectNoPageErrors(owner.errors);
    await o.context().close();
    await m.context().close();
    await visitor.page.context().close();
  }, 150_000);
});
