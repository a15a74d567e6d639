// Issue #24 in Chromium on the emulators: a member's edit of a team entry is in the team's activity
// log, where the owner reads it with the entry's title (their own vault opens it) and exports it
// as CSV without the title; a View Only member has no log to open; once the owner deletes the team,
// its log is still theirs to read.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { expectNoPageErrors, openPage, useChromium } from './chromium';
import { manageMembers, openAllItems, openItem, openTeamPasswords, signUpToEmptyVault, teamMenuAction, teamWithFullAccessMember } from './journeys';

const baseUrl = inject('baseUrl');
useChromium();

const DESKTOP = { width: 1280, height: 800 } as const;

describe('the team activity log in Chromium', () => {
  it('the owner sees a member’s edit with the entry’s title and exports it; a View Only member has no log', async () => {
    const [owner, member] = await Promise.all([openPage(), openPage()]);
    await Promise.all([owner.page.setViewportSize(DESKTOP), member.page.setViewportSize(DESKTOP)]);
    await signUpToEmptyVault(owner.page, baseUrl, 'log-owner');
    const memberEmail = await signUpToEmptyVault(member.page, baseUrl, 'log-member');
    await teamWithFullAccessMember(owner.page, member.page, baseUrl, 'Ops', memberEmail, [['Production DB', 'dba', 'db secret 1']]);
    const o = owner.page;
    const m = member.page;

    // The member changes the password and the notes.
    await openTeamPasswords(m, 'Ops');
    await (await openItem(m, 'Production DB')).getByRole('button', { name: 'Edit Production DB' }).click({ timeout: 15_000 });
    const edit = m.getByRole('dialog', { name: 'Edit Password' });
    await edit.getByLabel('Password', { exact: true }).fill('db secret 2');
    await edit.getByLabel('Notes (optional)').fill('rotated on Friday');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached', timeout: 15_000 });

    // The owner reads it in the log, newest first, with the title their vault opens.
    await openTeamPasswords(o, 'Ops');
    await o.getByRole('button', { name: 'Activity log' }).click();
    const log = o.getByRole('dialog', { name: 'Activity log' });
    const row = log.getByRole('row').filter({ hasText: memberEmail });
    await row.getByText('changed the password and notes of “Production DB”').waitFor({ timeout: 15_000 });
    expect(await log.getByRole('row').filter({ hasText: 'created “Production DB”' }).count()).toBeGreaterThan(0);

    // The CSV names the entry by id and, beside it, by the title the owner's vault opens; never a value.
    const downloading = o.waitForEvent('download');
    await log.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const directory = await mkdtemp(join(tmpdir(), 'keyloft-activity-'));
    try {
      const saved = join(directory, download.suggestedFilename());
      await download.saveAs(saved);
      const csv = await readFile(saved, 'utf8');
      const [header, ...lines] = csv.trim().split(/\r?\n/);
      expect(header).toBe('time,actor_email,actor_uid,kind,description,entry_id,entry_title,group_id,group_title,member_uid,invitation_id');
      expect(lines.some((line) => line.includes(memberEmail) && /,entry\.edited,[^,]*,[^,]+,Production DB,/.test(line))).toBe(true);
      for (const value of ['db secret', 'rotated on Friday', 'dba']) expect(csv).not.toContain(value);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    await o.keyboard.press('Escape');
    await log.waitFor({ state: 'detached' });

    // Made View Only, the member's team view has no log to open.
    await openAllItems(o);
    await manageMembers(o, 'Ops');
    const manage = o.getByRole('dialog', { name: 'Manage Team Members' });
    await manage.getByLabel(`Role of ${memberEmail}`).selectOption({ label: 'View Only' });
    await expect.poll(async () => manage.getByLabel(`Role of ${memberEmail}`).inputValue(), { timeout: 10_000 }).toBe('view');
    await openAllItems(m);
    await openTeamPasswords(m, 'Ops');
    await (await openItem(m, 'Production DB')).getByRole('button', { name: 'Copy password for Production DB' }).waitFor({ timeout: 15_000 });
    await expect.poll(async () => m.getByRole('button', { name: 'Edit Production DB' }).count(), { timeout: 15_000 }).toBe(0);
    expect(await m.getByRole('button', { name: 'Activity log' }).count()).toBe(0);

    // The owner deletes the team: its log stays theirs to read, under My Teams.
    await o.keyboard.press('Escape');
    await manage.waitFor({ state: 'detached' });
    await teamMenuAction(o, 'Ops', 'Delete team');
    const confirm = o.getByRole('dialog', { name: 'Delete Team' });
    await confirm.getByRole('button', { name: 'Delete Team' }).click();
    await confirm.waitFor({ state: 'detached', timeout: 60_000 });
    const deleted = o.getByRole('list', { name: 'Deleted teams' });
    await deleted.getByRole('button', { name: 'Activity log of deleted team Ops' }).click({ timeout: 30_000 });
    const kept = o.getByRole('dialog', { name: 'Activity log' });
    await kept.getByRole('row').filter({ hasText: 'deleted the team' }).waitFor({ timeout: 15_000 });
    // Its entries went with it: the member's edit is still there, the entry named by nothing but that.
    await kept.getByRole('row').filter({ hasText: memberEmail }).getByText('changed the password and notes of an entry no longer in the vault').waitFor();

    expectNoPageErrors(owner.errors);
    expectNoPageErrors(member.errors);
    await Promise.all([o.context().close(), m.context().close()]);
  }, 300_000);
});
