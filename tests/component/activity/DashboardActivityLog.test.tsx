// The team view's 'Activity log' (issue #24) on the dashboard: owners and admins get it, full and
// view members do not; the log names an entry by its title only when the viewer's open vault
// holds it decrypted, and the team's groups likewise.
import { screen, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { createGroup, savePassword } from '../../../src/features/vault/vaultService';
import { createTeamWorld, draft, renderTeamDashboard, storedTeam, teamWriter, type TeamWorld } from '../app/teamDashboard';
import { activityRows } from '../../support/activityLog';
import { catchDownloads } from '../import/importTestKit';

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});

const BO = { uid: 'bo', email: 'bo@example.com' };

/** The Ops team where the user holds `role`, with bo's entry "Prod DB" in the group "Servers" and its events, and an event of a deleted entry. */
async function openOps(role: TeamRole) {
  const ids = { entry: '', group: '' };
  const { user } = await renderTeamDashboard(world, async (repositories) => {
    repositories.teams.put('ops', await storedTeam(world, 'Ops', role, 'key'));
    const writer = teamWriter(repositories, 'ops', world.teamKey);
    const group = await createGroup(writer, { name: 'Servers', description: '' });
    const entry = await savePassword(writer, draft('Prod DB', group.id));
    ids.entry = entry.id;
    ids.group = group.id;
    const at = Date.now() - 60_000;
    repositories.auditLog.seed({ teamId: 'ops', actor: BO, kind: 'group.created', groupId: group.id }, at);
    repositories.auditLog.seed({ teamId: 'ops', actor: BO, kind: 'entry.created', entryId: entry.id }, at + 1);
    repositories.auditLog.seed({ teamId: 'ops', actor: BO, kind: 'entry.edited', entryId: entry.id, parts: ['password'] }, at + 2);
    repositories.auditLog.seed({ teamId: 'ops', actor: BO, kind: 'entry.deleted', entryId: 'entry-long-gone' }, at + 3);
  });
  await user.click(await screen.findByRole('button', { name: 'View passwords of team Ops' }));
  await screen.findByRole('list', { name: 'Ops passwords' });
  return { user, ids };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the activity log in the team view', () => {
  it.each(['owner', 'admin'] as const)('an %s opens it and reads each event, titles only for what their vault holds', async (role) => {
    const { user } = await openOps(role);
    await screen.findByRole('button', { name: 'Prod DB' });
    await user.click(screen.getByRole('button', { name: 'Activity log' }));
    const what = await activityRows();
    expect(what).toEqual([
      ['bo@example.com', 'deleted an entry no longer in the vault'],
      ['bo@example.com', 'changed the password of “Prod DB”'],
      ['bo@example.com', 'created “Prod DB”'],
      ['bo@example.com', 'created the group “Servers”'],
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Activity log' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activity log' })).toHaveFocus();
  });

  it('an owner exports the CSV with the titles their vault decrypted beside the ids, and the id alone of an entry that is gone (issue #43, item 9)', async () => {
    const caught = catchDownloads();
    const { user, ids } = await openOps('owner');
    await screen.findByRole('button', { name: 'Prod DB' });
    await user.click(screen.getByRole('button', { name: 'Activity log' }));
    await activityRows();
    const dialog = screen.getByRole('dialog', { name: 'Activity log' });
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    expect(await within(dialog).findByText('Exported 4 events.')).toBeInTheDocument();
    expect(caught.downloads).toHaveLength(1);
    const rows = Papa.parse<Record<string, string>>((await caught.downloads[0]!.blob.text()).trimEnd(), { header: true, newline: '\r\n' }).data;
    expect(rows.map((row) => [row.kind, row.entry_id, row.entry_title, row.group_id, row.group_title])).toEqual([
      ['entry.deleted', 'entry-long-gone', '', '', ''],
      ['entry.edited', ids.entry, 'Prod DB', '', ''],
      ['entry.created', ids.entry, 'Prod DB', '', ''],
      ['group.created', '', '', ids.group, 'Servers'],
    ]);
  });

  it.each(['full', 'view'] as const)('a %s member sees no activity log', async (role) => {
    await openOps(role);
    expect(await screen.findByRole('button', { name: 'Prod DB' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activity log' })).not.toBeInTheDocument();
  });
});
