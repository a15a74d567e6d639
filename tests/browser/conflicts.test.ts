// Nothing lost (issue #17), in Chromium with two users in two browser contexts on the real Auth,
// Functions and Firestore emulators: the owner and a Full Access member both have one team entry
// open in the edit form; the owner saves first; the member's save from the stale form writes
// nothing and shows 'This password was changed since you opened it.' with the newer values beside
// what keeping theirs would save. 'Keep mine' saves the member's change on top of the owner's, on
// the newer revision (exactly the 'Yours' column they were shown); 'Take theirs' puts the owner's
// values in the form, and the member's edit made again on top of them keeps both. Firestore is read
// with firebase-admin after each step to show what was (and was not) written: the entries are
// sealed, so a write shows as new ciphertext and revision, and the values as the members read them.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { db } from '../emulator/teams/support';
import { itemPane, openItem, openTeamPasswords, readPassword, reloadAndUnlock, signUpToEmptyVault, teamWithFullAccessMember } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

const CHANGED = 'This password was changed since you opened it.';
const MASK = '••••••••';

/** The team named `name` whose owner signed up as `ownerEmail` (team names are not unique across runs). */
async function teamId(name: string, ownerEmail: string): Promise<string> {
  const teams = await db().collection('teams').where('name', '==', name).get();
  const team = teams.docs.find((doc) => {
    const data = doc.data() as { ownerId: string; members: Record<string, { email: string }> };
    return data.members[data.ownerId]?.email === ownerEmail;
  });
  if (team === undefined) throw new Error(`no team ${name} owned by ${ownerEmail}`);
  return team.id;
}

/** The team entry `id` as stored: sealed, so its revision and its two parts (ciphertext). */
async function stored(id: string): Promise<{ format: number; revision: number; overview: string; details: string }> {
  const data = (await db().collection('passwords').doc(id).get()).data();
  if (data === undefined) throw new Error(`entry ${id} is gone`);
  // Nothing typed is stored in clear (issue #18): no title, url, notes, username or password field.
  for (const field of ['title', 'url', 'notes', 'username', 'password']) expect(data).not.toHaveProperty(field);
  return { format: data.format as number, revision: data.revision as number, overview: data.overview as string, details: data.details as string };
}

/** The team's entries in the order they were made (titles are sealed: the server cannot find one by title). */
async function entryIds(team: string, count: number): Promise<string[]> {
  const found = await db().collection('passwords').where('teamId', '==', team).get();
  if (found.size !== count) throw new Error(`expected ${count} entries, found ${found.size}`);
  return found.docs.sort((a, b) => (a.get('createdAt') as number) - (b.get('createdAt') as number)).map((doc) => doc.id);
}

async function openEdit(page: Page, title: string): Promise<Locator> {
  const pane = await openItem(page, title);
  await pane.getByRole('button', { name: `Edit ${title}` }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Edit Password' });
  await dialog.waitFor({ timeout: 15_000 });
  return dialog;
}

async function save(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
}

/** The notice's two columns for a field: [Saved meanwhile, Yours]. */
async function columns(notice: Locator, field: string): Promise<string[]> {
  return notice.getByRole('row', { name: new RegExp(`^${field}\\b`) }).getByRole('cell').allTextContents();
}

describe('two members edit one team entry in Chromium', () => {
  it('the second save shows both versions; Keep mine and Take theirs each leave no edit lost', async () => {
    const owner = await openPage();
    const member = await openPage();
    const ownerEmail = await signUpToEmptyVault(owner.page, baseUrl, 'conflict-owner');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'conflict-member');
    const o = owner.page;
    const m = member.page;

    // Two entries: one for each way out of the conflict.
    await teamWithFullAccessMember(o, m, baseUrl, 'Race', memberEmail, [
      ['Router', 'admin', 'router secret 1'],
      ['Mailer', 'postmaster', 'mailer secret 1'],
    ]);

    const team = await teamId('Race', ownerEmail);
    const [router, mailer] = (await entryIds(team, 2)) as [string, string];
    expect((await stored(router)).format).toBe(2);
    expect((await stored(router)).revision).toBe(1);
    expect((await stored(mailer)).revision).toBe(1);

    await openTeamPasswords(o, 'Race');
    await reloadAndUnlock(m);
    await openTeamPasswords(m, 'Race');
    await m.getByRole('listitem', { name: 'Router' }).waitFor({ timeout: 15_000 });

    // (a) Keep mine. Both open Router; the owner changes the password and saves first.
    const memberRouter = await openEdit(m, 'Router');
    const ownerRouter = await openEdit(o, 'Router');
    await ownerRouter.getByLabel('Password', { exact: true }).fill('router secret 2');
    await save(ownerRouter);
    await expect.poll(async () => (await stored(router)).revision, { timeout: 10_000 }).toBe(2);
    const afterOwner = await stored(router);

    // The member, from the form opened at revision 1, renames the entry and saves.
    await memberRouter.getByLabel('Title').fill('Router (office)');
    await memberRouter.getByRole('button', { name: 'Save' }).click();
    const notice = memberRouter.getByRole('alert', { name: CHANGED });
    await notice.waitFor({ timeout: 20_000 });
    await notice.getByText('Nothing was saved. Compare the two versions and choose which one to keep.').waitFor();
    expect(await notice.getByRole('columnheader').allTextContents()).toEqual(['Field', 'Saved meanwhile', 'Yours']);
    await notice.getByText('Yours keeps what you changed and takes everything else from the version saved meanwhile.').waitFor();
    expect(await columns(notice, 'Title')).toEqual(['Router', 'Router (office)']);
    expect(await columns(notice, 'Username')).toEqual(['admin', 'admin']);
    // Passwords are masked until asked for; the member did not touch the password, so keeping
    // theirs keeps the owner's new one.
    expect(await columns(notice, 'Password')).toEqual([MASK, MASK]);
    await notice.getByRole('button', { name: 'Show passwords' }).click();
    expect(await columns(notice, 'Password')).toEqual(['router secret 2', 'router secret 2']);
    // The refused save wrote nothing: the owner's edit is stored as they left it.
    expect(await stored(router)).toEqual(afterOwner);
    // Still open, with what the member typed.
    expect(await memberRouter.getByLabel('Title').inputValue()).toBe('Router (office)');

    // Keep mine: the 'Yours' column (the member's title, the owner's password), on revision 2 + 1.
    await notice.getByRole('button', { name: 'Keep mine' }).click();
    await memberRouter.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(async () => (await stored(router)).revision, { timeout: 10_000 }).toBe(3);
    // The member's title is in the new overview; the owner's password stays in the details they saved.
    const kept = await stored(router);
    expect(kept.overview).not.toBe(afterOwner.overview);
    await readPassword(m, 'Router (office)', 'router secret 2');
    await m.getByRole('listitem', { name: 'Router (office)' }).getByText('admin', { exact: true }).waitFor();
    expect(await m.getByRole('listitem', { name: 'Router', exact: true }).count()).toBe(0);
    // The owner, reloading, finds both edits: the member's title and their own password.
    await reloadAndUnlock(o);
    await openTeamPasswords(o, 'Race');
    await readPassword(o, 'Router (office)', 'router secret 2');

    // (b) Take theirs. Both open Mailer; the owner changes username and password and saves first.
    const memberMailer = await openEdit(m, 'Mailer');
    const ownerMailer = await openEdit(o, 'Mailer');
    await ownerMailer.getByLabel('Username').fill('postmaster-2');
    await ownerMailer.getByLabel('Password', { exact: true }).fill('mailer secret 2');
    await save(ownerMailer);
    await expect.poll(async () => (await stored(mailer)).revision, { timeout: 10_000 }).toBe(2);
    const mailerAfterOwner = await stored(mailer);

    // The member adds a note from the stale form.
    await memberMailer.getByLabel('Notes (optional)').fill('rotated quarterly');
    await memberMailer.getByRole('button', { name: 'Save' }).click();
    const mailerNotice = memberMailer.getByRole('alert', { name: CHANGED });
    await mailerNotice.waitFor({ timeout: 20_000 });
    expect(await columns(mailerNotice, 'Username')).toEqual(['postmaster-2', 'postmaster-2']);
    expect(await columns(mailerNotice, 'Notes')).toEqual(['—', 'rotated quarterly']);
    await mailerNotice.getByRole('button', { name: 'Show passwords' }).click();
    expect(await columns(mailerNotice, 'Password')).toEqual(['mailer secret 2', 'mailer secret 2']);
    expect(await stored(mailer)).toEqual(mailerAfterOwner);

    // Take theirs: the notice goes, the form holds the owner's values, and still nothing is written.
    await mailerNotice.getByRole('button', { name: 'Take theirs' }).click();
    await mailerNotice.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await memberMailer.getByLabel('Title').inputValue()).toBe('Mailer');
    expect(await memberMailer.getByLabel('Username').inputValue()).toBe('postmaster-2');
    expect(await memberMailer.getByLabel('Password', { exact: true }).inputValue()).toBe('mailer secret 2');
    expect(await memberMailer.getByLabel('Notes (optional)').inputValue()).toBe('');
    expect(await stored(mailer)).toEqual(mailerAfterOwner);

    // The member makes their edit again on the owner's values: saved on revision 3, both edits kept.
    await memberMailer.getByLabel('Notes (optional)').fill('rotated quarterly');
    await save(memberMailer);
    await expect.poll(async () => (await stored(mailer)).revision, { timeout: 10_000 }).toBe(3);
    expect((await stored(mailer)).details).not.toBe(mailerAfterOwner.details);
    await readPassword(m, 'Mailer', 'mailer secret 2');
    await itemPane(m, 'Mailer').getByText('rotated quarterly').waitFor({ timeout: 15_000 });
    await reloadAndUnlock(o);
    await openTeamPasswords(o, 'Race');
    await readPassword(o, 'Mailer', 'mailer secret 2');
    const ownersMailer = itemPane(o, 'Mailer');
    await ownersMailer.getByText('postmaster-2', { exact: true }).waitFor({ timeout: 15_000 });
    await o.getByRole('listitem', { name: 'Mailer' }).getByText('postmaster-2', { exact: true }).waitFor();
    await ownersMailer.getByText('Notes: rotated quarterly').waitFor({ timeout: 15_000 });

    expectNoPageErrors(owner.errors);
    expectNoPageErrors(member.errors);
    await o.context().close();
    await m.context().close();
  }, 240_000);
});
