// Issue #22 in Chromium on the emulators: two people in two browser contexts share a team. An
// entry the owner adds appears for the member without a reload; an entry the member has open in
// the edit form changes under it, and the form says so before the member saves; the pane then
// says the version it shows was saved elsewhere.
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { addTeamPassword, itemPane, openItem, openTeamPasswords, signUpToEmptyVault, teamWithFullAccessMember } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

const DESKTOP = { width: 1280, height: 800 } as const;

describe('a live vault in Chromium', () => {
  it('a teammate’s new entry and edit reach the member’s open screen and form without a reload', async () => {
    const [owner, member] = await Promise.all([openPage(), openPage()]);
    await Promise.all([owner.page.setViewportSize(DESKTOP), member.page.setViewportSize(DESKTOP)]);
    await signUpToEmptyVault(owner.page, baseUrl, 'live-owner');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'live-member');
    // The member is on the dashboard throughout: the team, its key and its entries arrive live.
    await teamWithFullAccessMember(owner.page, member.page, baseUrl, 'Ops', memberEmail, [['Deploy', 'deployer', 'deploy secret 1']]);
    const m = member.page;
    const o = owner.page;
    const list = m.getByRole('list', { name: 'All items' });
    await list.getByRole('listitem', { name: 'Deploy', exact: true }).waitFor({ timeout: 15_000 });

    // The owner adds an entry: it shows in the member's All items, no reload.
    await openTeamPasswords(o, 'Ops');
    await addTeamPassword(o, 'Grafana', 'admin', 'grafana secret 2');
    await list.getByRole('listitem', { name: 'Grafana', exact: true }).waitFor({ timeout: 15_000 });

    // The member edits Deploy; the owner saves a new password for it meanwhile.
    const memberPane = await openItem(m, 'Deploy');
    await memberPane.getByRole('button', { name: 'Edit Deploy', exact: true }).click();
    const form = m.getByRole('dialog', { name: 'Edit Password' });
    await form.getByLabel('Notes (optional)').fill('the member’s note');
    const ownerPane = await openItem(o, 'Deploy');
    await ownerPane.getByRole('button', { name: 'Edit Deploy', exact: true }).click();
    const ownerForm = o.getByRole('dialog', { name: 'Edit Password' });
    await ownerForm.getByLabel('Password', { exact: true }).fill('deploy secret 2');
    await ownerForm.getByRole('button', { name: 'Save' }).click();
    await ownerForm.waitFor({ state: 'detached', timeout: 15_000 });

    // Before the member saves, the form says so and offers the choice.
    const notice = form.getByRole('alert');
    await notice.getByText('This password was changed since you opened it.').waitFor({ timeout: 15_000 });
    await notice.getByRole('button', { name: 'Keep mine' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    // Kept: the member's note on top of the owner's new password.
    const pane = itemPane(m, 'Deploy');
    await pane.getByRole('button', { name: 'Show password for Deploy' }).click();
    await pane.getByText('deploy secret 2').waitFor({ timeout: 15_000 });
    await pane.getByText('the member’s note').waitFor();

    // The owner's pane shows the member's save as it lands, and says it came from elsewhere.
    await itemPane(o, 'Deploy').getByText('Someone else changed this password just now. You are seeing the latest version.').waitFor({ timeout: 15_000 });

    expectNoPageErrors(owner.errors);
    expectNoPageErrors(member.errors);
    expect(await m.getByRole('dialog').count()).toBe(0);
    await Promise.all([owner.page.context().close(), member.page.context().close()]);
  }, 240_000);
});
