// Teams in Chromium with two users in two browser contexts, on the real Auth, Functions and
// Firestore emulators: the owner creates a team and invites the second user after seeing their
// key's fingerprint; once they accept, the member sees the team; the owner removes them (the key
// rotates) and the team is gone from the member's dashboard. And the recovery of issue #16: an owner
// whose wrap of the team key was replaced with junk gets the key back from a member.
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { db } from '../emulator/teams/support';
import {
  acceptFromModal,
  createTeam,
  grantAccess,
  inviteAccount,
  manageMembers,
  openAllItems,
  openItem,
  openTeamPasswords,
  readPassword,
  reloadAndUnlock,
  signUpToEmptyVault,
  teamWithFullAccessMember,
  verifyAddress,
} from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

describe('teams in Chromium, two users', () => {
  it('owner creates a team and invites a member after the fingerprint; accepted, the member sees it; removed, they lose it', async () => {
    const owner = await openPage();
    const member = await openPage();
    await signUpToEmptyVault(owner.page, baseUrl, 'owner');
    // The member's dashboard publishes their public key, which the owner's browser wraps the team key for.
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'member');

    const o = owner.page;
    const m = member.page;
    await createTeam(o, 'Ops');
    await inviteAccount(o, 'Ops', memberEmail);
    await o.keyboard.press('Escape');

    // The member, once their address is verified, accepts from the Team Invitations modal.
    await verifyAddress(m, baseUrl, memberEmail);
    await acceptFromModal(m, 'Ops');
    // Accepted without the link: the owner grants the key after checking the fingerprint.
    await grantAccess(o, 'Ops', memberEmail);
    await reloadAndUnlock(m);
    const joined = m.getByRole('list', { name: 'Joined teams' });
    await expect.poll(async () => joined.getByRole('listitem', { name: 'Ops' }).textContent(), { timeout: 10_000 }).not.toContain('Needs Key');

    await manageMembers(o, 'Ops');
    const manage = o.getByRole('dialog', { name: 'Manage Team Members' });
    const members = manage.getByRole('list', { name: 'Current members' });
    await members.getByText(memberEmail).waitFor({ timeout: 15_000 });
    expect(await members.textContent()).toContain('View Only');

    await manage.getByRole('button', { name: `Remove ${memberEmail}` }).click();
    const remove = o.getByRole('dialog', { name: 'Remove Member' });
    await remove.getByRole('button', { name: 'Remove Member' }).click();
    await remove.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(async () => members.textContent(), { timeout: 10_000 }).not.toContain(memberEmail);

    await reloadAndUnlock(m);
    await m.getByRole('heading', { name: 'Joined Teams' }).waitFor();
    await expect.poll(async () => m.getByRole('listitem', { name: 'Ops' }).count(), { timeout: 10_000 }).toBe(0);

    expectNoPageErrors(owner.errors);
    expect(member.errors.filter((error) => !error.includes('400'))).toEqual([]);
    await owner.page.context().close();
    await member.page.context().close();
  }, 120_000);

  it('shares a password: view only reads and copies, full access edits, removal takes it away, the owner still reads it', async () => {
    const owner = await openPage();
    const member = await openPage();
    await member.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpToEmptyVault(owner.page, baseUrl, 'sharer');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'reader');
    const o = owner.page;
    const m = member.page;

    await createTeam(o, 'Shared');
    await inviteAccount(o, 'Shared', memberEmail);
    await o.keyboard.press('Escape');
    await verifyAddress(m, baseUrl, memberEmail);
    await acceptFromModal(m, 'Shared');
    await grantAccess(o, 'Shared', memberEmail);
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
    const item = await openItem(m, 'Router');
    await item.getByRole('button', { name: 'Show password for Router' }).click({ timeout: 15_000 });
    await item.getByText('router secret 1').waitFor();
    await item.getByRole('button', { name: 'Copy password for Router' }).click();
    await expect.poll(() => m.evaluate(() => navigator.clipboard.readText())).toBe('router secret 1');
    expect(await m.getByRole('button', { name: 'Edit Router' }).count()).toBe(0);
    expect(await m.getByRole('button', { name: 'Delete Router' }).count()).toBe(0);
    expect(await m.getByRole('button', { name: 'Add Password' }).count()).toBe(0);

    // Promoted to Full Access, they edit it.
    await openAllItems(o);
    await manageMembers(o, 'Shared');
    const manage = o.getByRole('dialog', { name: 'Manage Team Members' });
    await manage.getByLabel(`Role of ${memberEmail}`).selectOption({ label: 'Full Access' });
    await expect.poll(async () => manage.getByLabel(`Role of ${memberEmail}`).inputValue(), { timeout: 10_000 }).toBe('full');
    await openAllItems(m);
    await openTeamPasswords(m, 'Shared');
    await (await openItem(m, 'Router')).getByRole('button', { name: 'Edit Router' }).click({ timeout: 15_000 });
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
    const ownersItem = await openItem(o, 'Router');
    await ownersItem.getByRole('button', { name: 'Show password for Router' }).click({ timeout: 15_000 });
    await ownersItem.getByText('router secret 2').waitFor({ timeout: 15_000 });

    await reloadAndUnlock(m);
    await expect.poll(async () => m.getByRole('listitem', { name: 'Shared' }).count(), { timeout: 10_000 }).toBe(0);

    expectNoPageErrors(owner.errors);
    expect(member.errors.filter((error) => !error.includes('400'))).toEqual([]);
    await owner.page.context().close();
    await member.page.context().close();
  }, 120_000);

  it('an owner whose wrap no longer opens flags themselves, a Full Access member gives the key back, and the owner reads again', async () => {
    const owner = await openPage();
    const member = await openPage();
    const ownerEmail = await signUpToEmptyVault(owner.page, baseUrl, 'lifeline-owner');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'lifeline-member');
    const o = owner.page;
    const m = member.page;
    await teamWithFullAccessMember(o, m, baseUrl, 'Lifeline', memberEmail, [['Vault door', 'door', 'door secret 7']]);

    // What an admin's junk rotation used to do: the owner's wrap is 256 random bytes.
    const team = (await db().collection('teams').where('name', '==', 'Lifeline').get()).docs.find(
      (doc) => (doc.data().members as Record<string, { email: string }>)[doc.data().ownerId as string]?.email === ownerEmail,
    );
    const ownerId = team!.data().ownerId as string;
    await team!.ref.update({ [`members.${ownerId}.encryptedTeamKey`]: Buffer.from(crypto.getRandomValues(new Uint8Array(256))).toString('base64') });

    // The owner's next page checks its wrap, finds it does not open, and flags the owner.
    await reloadAndUnlock(o);
    const mine = o.getByRole('list', { name: 'My teams' }).getByRole('listitem', { name: 'Lifeline' });
    await expect.poll(async () => mine.textContent(), { timeout: 15_000 }).toContain('Needs Key');

    // Any member who holds the key may give it to the owner.
    await reloadAndUnlock(m);
    await grantAccess(m, 'Lifeline', ownerEmail);
    await reloadAndUnlock(o);
    await expect.poll(async () => mine.textContent(), { timeout: 15_000 }).not.toContain('Needs Key');
    await openTeamPasswords(o, 'Lifeline');
    await readPassword(o, 'Vault door', 'door secret 7');

    expect(owner.errors.filter((error) => !error.includes('Team key not available'))).toEqual([]);
    expectNoPageErrors(member.errors);
    await o.context().close();
    await m.context().close();
  }, 180_000);
});
