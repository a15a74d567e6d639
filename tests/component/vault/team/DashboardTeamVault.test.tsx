// 'View Passwords' on the dashboard: the app reads the team, opens the member's wrap of the team
// key with the teams feature and hands it to the vault's team view (features never import each other).
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sealPreviousTeamKey, type TeamKey } from '../../../../src/crypto';
import type { StoredTeam, TeamFunctions } from '../../../../src/data/teams/storedTeams';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { savePassword } from '../../../../src/features/vault/vaultService';
import { fakeTeamFunctions, memoryRepositories, type MemoryRepositories } from '../../../doubles/memoryRepositories';
import { createTeamWorld, draft, renderTeamDashboard, storedTeam, teamWriter, UID, type TeamWorld } from '../../app/teamDashboard';
import { expectConsoleError } from '../../../support/consoleErrors';
import { openItem } from '../../../support/vaultList';

let world: TeamWorld;
let teamKey: TeamKey;
/** A key of the team's previous version; a 'broken' wrap holds it under the wrong binding. */
let previousKey: TeamKey;
beforeAll(async () => {
  world = await createTeamWorld();
  ({ teamKey, otherKey: previousKey } = world);
});

const team = (name: string, role: TeamRole, wrap: 'key' | 'needsKey' | 'broken', overrides: Partial<StoredTeam> = {}) => storedTeam(world, name, role, wrap, overrides);
const renderDashboard = (seed: (repositories: MemoryRepositories) => Promise<void>, options: { repositories?: MemoryRepositories; teamFunctions?: TeamFunctions } = {}) =>
  renderTeamDashboard(world, seed, options);
const teamDeps = (repositories: MemoryRepositories, teamId: string, key: TeamKey, keyVersion: number) => teamWriter(repositories, teamId, key, keyVersion);

describe('View Passwords on the dashboard', () => {
  it('opens the team’s passwords with the key opened in the app; the sidebar leaves it', async () => {
    const { user } = await renderDashboard(async (repositories) => {
      repositories.teams.put('engineering', await team('Engineering', 'owner', 'key'));
      await savePassword(teamDeps(repositories, 'engineering', teamKey, 2), draft('Deploy'));
    });
    await user.click(await screen.findByRole('button', { name: 'View passwords of team Engineering' }));
    // The team's item in the sidebar has an 'Engineering' heading too: the view's is in the main region.
    const list = await screen.findByRole('list', { name: 'Engineering passwords' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Engineering' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View passwords of team Engineering' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByText('Your role: Owner')).toBeInTheDocument();
    expect(within(main).getByText('2 members')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Deploy' })).toBeInTheDocument();
    const pane = await openItem('Deploy', user);
    await user.click(within(pane).getByRole('button', { name: 'Show password for Deploy' }));
    // Opening the details is a decryption: the password shows once it is done.
    expect(await within(pane).findByText('Deploy-secret')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Password' })).toBeInTheDocument();
    expect(within(main).queryByRole('heading', { name: 'All items' })).not.toBeInTheDocument();

    // No second way back (issue #43 item 5): the sidebar's All items leaves the team, and the team's
    // password is listed there with the team's name.
    expect(screen.queryByRole('button', { name: /Back to dashboard/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^All items/ }));
    expect(await within(main).findByRole('heading', { name: 'All items' })).toBeInTheDocument();
    expect(await within(screen.getByRole('list', { name: 'All items' })).findByText('Deploy')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Joined Teams' })).toBeInTheDocument();
  });

  it('a View Only member of a joined team sees the list without Add Password', async () => {
    const { user } = await renderDashboard(async (repositories) => {
      repositories.teams.put('design', await team('Design', 'view', 'key'));
      await savePassword(teamDeps(repositories, 'design', teamKey, 2), draft('Figma'));
    });
    await user.click(await screen.findByRole('button', { name: 'View passwords of team Design' }));
    expect(await screen.findByText('Figma')).toBeInTheDocument();
    expect(screen.getByText('Your role: View Only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Password' })).not.toBeInTheDocument();
    const pane = await openItem('Figma', user);
    expect(within(pane).getByRole('button', { name: 'Copy password for Figma' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Figma' })).not.toBeInTheDocument();
  });

  it('during a rotation, entries not yet re-encrypted open with the previous key sealed in the team', async () => {
    const { user } = await renderDashboard(async (repositories) => {
      const sealed = await sealPreviousTeamKey(previousKey, teamKey, { teamId: 'ops', keyVersion: 2 });
      // A Full Access member: an owner's or admin's dashboard would finish the rotation in the
      // background (useRotationResume) and re-read the list while the test clicks through it.
      repositories.teams.put('ops', await team('Ops', 'full', 'key', { keyVersion: 3, previousKey: { version: 2, sealed } }));
      await savePassword(teamDeps(repositories, 'ops', previousKey, 2), draft('Old'));
      await savePassword(teamDeps(repositories, 'ops', teamKey, 3), draft('New'));
    });
    await user.click(await screen.findByRole('button', { name: 'View passwords of team Ops' }));
    await screen.findByRole('list', { name: 'Ops passwords' });
    const old = await openItem('Old', user);
    await user.click(within(old).getByRole('button', { name: 'Show password for Old' }));
    expect(await within(old).findByText('Old-secret')).toBeInTheDocument();
    const fresh = await openItem('New', user);
    await user.click(within(fresh).getByRole('button', { name: 'Show password for New' }));
    expect(await within(fresh).findByText('New-secret')).toBeInTheDocument();
  });

  it('a member who needs the key sees the key-access banner', async () => {
    const { user } = await renderDashboard(async (repositories) => {
      repositories.teams.put('sales', await team('Sales', 'full', 'needsKey'));
    });
    await user.click(await screen.findByRole('button', { name: 'View passwords of team Sales' }));
    expect(await screen.findByRole('heading', { name: 'Key access required' })).toBeInTheDocument();
    expect(screen.getByText('Your role: Full Access')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Password' })).not.toBeInTheDocument();
  });

  it('a member whose wrap does not open flags themselves and sees the key-access banner', async () => {
    // The dashboard opens every team's key when it loads (All items): the wrap that does not open is logged.
    expectConsoleError(/^Could not open the team key TeamKeyMismatchError: /);
    const { user, repositories } = await renderDashboard(async (repositories) => {
      repositories.teams.put('legal', await team('Legal', 'admin', 'broken'));
    });
    await user.click(await screen.findByRole('button', { name: 'View passwords of team Legal' }));
    expect(await screen.findByRole('heading', { name: 'Key access required' })).toBeInTheDocument();
    const stored = await repositories.teams.get('legal');
    expect(stored?.members[UID]).toMatchObject({ encryptedTeamKey: null, needsTeamKey: true });
  });

  it('says ‘Team key not available’ when the wrap does not open and the flag cannot be sent', async () => {
    expectConsoleError(/^The team key of team legal could not be checked Error: network error/);
    expectConsoleError(/^Could not open the team key TeamKeyMismatchError: /);
    const repositories = memoryRepositories();
    const functions = fakeTeamFunctions(repositories, () => UID);
    functions.reportTeamKeyMismatch = () => Promise.reject(new Error('network error'));
    const { user } = await renderDashboard(async (seeded) => {
      seeded.teams.put('legal', await team('Legal', 'admin', 'broken'));
    }, { repositories, teamFunctions: functions });
    await user.click(await screen.findByRole('button', { name: 'View passwords of team Legal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Team key not available');
    vi.restoreAllMocks();
  });
});
