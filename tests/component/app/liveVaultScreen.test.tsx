// Issue #22 item 1 on the vault screen: while the vault is unlocked, a teammate's new entry shows
// in All items and the team's count without a reload; a role change reaches the open team view at
// once; a member removed from a team loses it from the sidebar and its entries from the list.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import { loadEntries, openDetails, savePassword } from '../../../src/features/vault/vaultService';
import type { MemoryRepositories } from '../../doubles/memoryRepositories';
import { openItem } from '../../support/vaultList';
import { createTeamWorld, draft, renderTeamDashboard, storedTeam, teamWriter, UID, type TeamWorld } from './teamDashboard';

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});

/** Engineering (full access) with 'Deploy', Design (view only) with 'Figma'. */
async function seedTeams(repositories: MemoryRepositories) {
  repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'full', 'key'));
  await savePassword(teamWriter(repositories, 'engineering', world.teamKey), draft('Deploy'));
  repositories.teams.put('design', await storedTeam(world, 'Design', 'view', 'key'));
  await savePassword(teamWriter(repositories, 'design', world.teamKey), draft('Figma'));
}

async function changeTeam(repositories: MemoryRepositories, teamId: string, change: (team: StoredTeam) => StoredTeam) {
  const stored = await repositories.teams.get(teamId);
  if (stored === null) throw new Error(`no team ${teamId}`);
  repositories.teams.put(teamId, change(stored));
}

const sidebar = () => screen.getByRole('navigation', { name: 'Vaults' });
const main = () => screen.getByRole('main');

describe('a live vault screen', () => {
  it('a teammate’s new entry shows in All items and in the team’s count without a reload', async () => {
    const { repositories } = await renderTeamDashboard(world, seedTeams);
    const list = await within(main()).findByRole('list', { name: 'All items' });
    await within(list).findByText('Deploy');
    await savePassword({ ...teamWriter(repositories, 'engineering', world.teamKey), userId: 'bo' }, draft('Grafana'));
    expect(await within(list).findByText('Grafana')).toBeInTheDocument();
    await waitFor(() => {
      expect(within(sidebar()).getByRole('listitem', { name: 'Engineering' })).toHaveTextContent('2 passwords');
    });
  });

  it('a teammate’s save reaches an edit form opened from All items before the member saves', async () => {
    const { user, repositories } = await renderTeamDashboard(world, seedTeams);
    const list = await within(main()).findByRole('list', { name: 'All items' });
    await within(list).findByText('Deploy');
    const pane = await openItem('Deploy', user);
    await user.click(within(pane).getByRole('button', { name: 'Edit Deploy' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Password' });
    const [listed] = await loadEntries(teamWriter(repositories, 'engineering', world.teamKey));
    if (listed === undefined) throw new Error('no entry');
    await savePassword({ ...teamWriter(repositories, 'engineering', world.teamKey), userId: 'bo' }, { ...draft('Deploy'), password: 'rotated by bo' }, await openDetails(teamWriter(repositories, 'engineering', world.teamKey), listed));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This password was changed since you opened it.');
    expect(within(form).getByRole('button', { name: 'Take theirs' })).toBeInTheDocument();
  });

  it('a role change reaches the open team view: promoted from View Only to Full Access, the member may edit at once', async () => {
    const { user, repositories } = await renderTeamDashboard(world, seedTeams);
    await user.click(await within(sidebar()).findByRole('button', { name: 'View passwords of team Design' }));
    let pane = await openItem('Figma', user);
    expect(within(pane).queryByRole('button', { name: 'Edit Figma' })).not.toBeInTheDocument();
    await changeTeam(repositories, 'design', (team) => ({ ...team, members: { ...team.members, [UID]: { ...(team.members[UID] as StoredTeam['members'][string]), role: 'full' } } }));
    expect(await within(main()).findByText('Your role: Full Access')).toBeInTheDocument();
    pane = await openItem('Figma', user);
    expect(await within(pane).findByRole('button', { name: 'Edit Figma' })).toBeInTheDocument();
  });

  it('removed from a team, the member loses it from the sidebar and its entries from All items without a reload', async () => {
    const { repositories } = await renderTeamDashboard(world, seedTeams);
    const list = await within(main()).findByRole('list', { name: 'All items' });
    await within(list).findByText('Figma');
    await changeTeam(repositories, 'design', (team) => {
      const { [UID]: _removed, ...members } = team.members;
      return { ...team, members, memberIds: Object.keys(members) };
    });
    await waitFor(() => {
      expect(within(sidebar()).queryByRole('listitem', { name: 'Design' })).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(within(list).queryByText('Figma')).not.toBeInTheDocument();
    });
    expect(within(list).getByText('Deploy')).toBeInTheDocument();
  });
});
