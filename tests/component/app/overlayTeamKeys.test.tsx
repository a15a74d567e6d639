// Issue #21: under the upgrade overlay (a free plan past its trial) the vault screen opens no team
// key up front: All items and My Teams are not offered, so nothing needs them. A joined team's key
// is opened when the member opens that team, as before. Every call that opens a team key is
// counted here (openTeamKey, wrapped), so a screen that opened them all would fail.
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { savePassword } from '../../../src/features/vault/vaultService';
import type * as TeamKeys from '../../../src/features/teams/teamKeys';
import type { MemoryRepositories } from '../../doubles/memoryRepositories';
import { createTeamWorld, draft, renderTeamDashboard, storedTeam, teamWriter, type TeamWorld } from './teamDashboard';

const opened = vi.hoisted(() => ({ teams: [] as string[] }));

vi.mock('../../../src/features/teams/teamKeys', async (importOriginal) => {
  const actual = await importOriginal<typeof TeamKeys>();
  return {
    ...actual,
    openTeamKey: (...args: Parameters<typeof actual.openTeamKey>) => {
      opened.teams.push(args[1]);
      return actual.openTeamKey(...args);
    },
  };
});

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});
beforeEach(() => {
  opened.teams = [];
});

/** Engineering (owner: My Teams) and Design (view only: Joined Teams), each with one entry. */
async function seedTeams(repositories: MemoryRepositories) {
  repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'owner', 'key'));
  await savePassword(teamWriter(repositories, 'engineering', world.teamKey), draft('Deploy'));
  repositories.teams.put('design', await storedTeam(world, 'Design', 'view', 'key'));
  await savePassword(teamWriter(repositories, 'design', world.teamKey), draft('Figma'));
}

const main = () => screen.getByRole('main');

describe('team keys and the upgrade overlay', () => {
  it('on a trial, the screen opens every team key up front (All items spans them)', async () => {
    await renderTeamDashboard(world, seedTeams);
    const list = await within(main()).findByRole('list', { name: 'All items' });
    expect(await within(list).findByRole('button', { name: 'Figma' })).toBeInTheDocument();
    expect(await within(list).findByRole('button', { name: 'Deploy' })).toBeInTheDocument();
    expect([...new Set(opened.teams)].sort()).toEqual(['design', 'engineering']);
  });

  it('past the trial, no team key is opened until the member opens a joined team, and then only that one', async () => {
    const { user } = await renderTeamDashboard(world, seedTeams, { trialEndedDaysAgo: 1 });
    expect(await screen.findByText('Upgrade to Access')).toBeInTheDocument();
    const openDesign = await screen.findByRole('button', { name: 'View passwords of team Design' });
    // The screen has settled (the team list is in, the overlay drawn): still no key opened.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened.teams).toEqual([]);
    await user.click(openDesign);
    expect(await within(main()).findByRole('button', { name: 'Figma' })).toBeInTheDocument();
    expect([...new Set(opened.teams)]).toEqual(['design']);
  });
});
