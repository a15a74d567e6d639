import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTeamsApi, team } from './fakeTeamsApi';
import { renderTeams } from './harness';
import { TEAM_SEARCH_FROM } from '../../../src/features/teams';
import type { UserEvent } from '@testing-library/user-event';
import { expectConsoleError } from '../../support/consoleErrors';

afterEach(() => {
  vi.restoreAllMocks();
});

function section(name: 'My Teams' | 'Joined Teams'): HTMLElement {
  return screen.getByRole('region', { name });
}

const alpha = team({ id: 'alpha', name: 'Alpha', description: 'Marketing logins', memberCount: 3 });
const beta = team({ id: 'beta', name: 'Beta', description: null, memberCount: 1 });
const gamma = team({
  id: 'gamma',
  name: 'Gamma',
  description: 'Servers for the alpha launch',
  ownerId: 'bob',
  memberCount: 5,
  myRole: 'view',
  needsKey: true,
});
const delta = team({ id: 'delta', name: 'Delta', ownerId: 'carol', memberCount: 2, myRole: 'admin' });

/** Chooses an action from a team's menu, as a user does. */
async function chooseAction(user: UserEvent, teamName: string, action: string): Promise<HTMLElement> {
  const menuButton = await screen.findByRole('button', { name: `Actions for team ${teamName}` });
  await user.click(menuButton);
  await user.click(screen.getByRole('menuitem', { name: `${action} team ${teamName}` }));
  return menuButton;
}

describe('the team sections (SPEC.md §2 "Team list")', () => {
  it('lists owned teams under My Teams and the others under Joined Teams, each a sidebar item with its menu', async () => {
    const { user, onOpenTeam, onManageMembers } = renderTeams(new FakeTeamsApi([alpha, beta, gamma, delta]));
    const mine = await screen.findByRole('list', { name: 'My teams' });
    const joined = screen.getByRole('list', { name: 'Joined teams' });
    const names = (list: HTMLElement) => within(list).getAllByRole('button', { name: /^View passwords of team / }).map((button) => button.getAttribute('aria-label'));
    expect(names(mine)).toEqual(['View passwords of team Alpha', 'View passwords of team Beta']);
    expect(names(joined)).toEqual(['View passwords of team Delta', 'View passwords of team Gamma']);

    // The item is the team's name with an Owner badge; the rest is said to a screen reader, and the
    // team's header shows it (TeamPasswordsView).
    const alphaItem = within(mine).getByRole('listitem', { name: 'Alpha' });
    expect(within(alphaItem).getByText('Owner')).toBeInTheDocument();
    expect(within(alphaItem).getByRole('button', { name: 'View passwords of team Alpha' })).toHaveAccessibleDescription('3 members, your role: Owner');
    expect(within(mine).getByRole('button', { name: 'View passwords of team Beta' })).toHaveAccessibleDescription('1 member, your role: Owner');
    const gammaItem = within(joined).getByRole('listitem', { name: 'Gamma' });
    expect(within(gammaItem).queryByText('Owner')).not.toBeInTheDocument();
    expect(within(gammaItem).getByText('Needs Key')).toBeInTheDocument();
    expect(within(gammaItem).getByRole('button', { name: 'View passwords of team Gamma' })).toHaveAccessibleDescription('5 members, your role: View Only, needs key');
    expect(within(joined).getByRole('listitem', { name: 'Delta' })).not.toHaveTextContent('Needs Key');
    expect(alphaItem).not.toHaveTextContent('Needs Key');

    await user.click(within(gammaItem).getByRole('button', { name: 'View passwords of team Gamma' }));
    expect(onOpenTeam).toHaveBeenCalledWith('gamma');

    // Edit and delete for the owner only; everyone manages members.
    await user.click(within(alphaItem).getByRole('button', { name: 'Actions for team Alpha' }));
    expect(within(alphaItem).getAllByRole('menuitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Edit team Alpha',
      'Delete team Alpha',
      'Manage members of team Alpha',
    ]);
    await user.click(within(alphaItem).getByRole('menuitem', { name: 'Manage members of team Alpha' }));
    expect(onManageMembers).toHaveBeenCalledWith('alpha');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(within(gammaItem).getByRole('button', { name: 'Actions for team Gamma' }));
    expect(within(gammaItem).getAllByRole('menuitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Manage members of team Gamma']);
    await user.keyboard('{Escape}');
    await user.click(within(joined).getByRole('button', { name: 'Actions for team Delta' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit team Delta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete team Delta' })).not.toBeInTheDocument();
  });

  it('opens a team menu from the keyboard: arrows move, Escape closes and returns focus', async () => {
    const { user, onManageMembers } = renderTeams(new FakeTeamsApi([alpha, beta]));
    const menuButton = await screen.findByRole('button', { name: 'Actions for team Alpha' });
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    menuButton.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Actions for team Alpha' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('menuitem', { name: 'Edit team Alpha' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Delete team Alpha' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // Past the last item, back to the first.
    expect(within(menu).getByRole('menuitem', { name: 'Edit team Alpha' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Manage members of team Alpha' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(menu).getByRole('menuitem', { name: 'Edit team Alpha' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    // ArrowUp opens it on the last item; Enter chooses it.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Manage members of team Alpha' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onManageMembers).toHaveBeenCalledWith('alpha');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    // A click elsewhere closes it.
    await user.click(menuButton);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('list', { name: 'My teams' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the empty texts of both sections', async () => {
    renderTeams(new FakeTeamsApi([]));
    expect(await within(section('My Teams')).findByText('No teams yet. Create your first team!')).toBeInTheDocument();
    expect(
      within(section('Joined Teams')).getByText('You have not joined any teams yet. Invitations you accept appear here.'),
    ).toBeInTheDocument();
  });

  it('offers no team search for a few teams', async () => {
    renderTeams(new FakeTeamsApi([alpha, beta, gamma, delta]));
    await screen.findByRole('list', { name: 'My teams' });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('with many teams, one search filters both sections by name or description, case-insensitively', async () => {
    const more = Array.from({ length: TEAM_SEARCH_FROM - 4 }, (_, index) => team({ id: `m${index}`, name: `More ${index}` }));
    const { user } = renderTeams(new FakeTeamsApi([alpha, beta, gamma, delta, ...more]));
    await screen.findByRole('list', { name: 'My teams' });
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    const search = screen.getByRole('searchbox', { name: 'Search teams' });
    await user.type(search, 'ALPHA');
    // Alpha by its name, Gamma by its description ('Servers for the alpha launch').
    expect(within(screen.getByRole('list', { name: 'My teams' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Joined teams' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Gamma' })).toBeInTheDocument();
    expect(screen.getByText('2 teams match your search.')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'more');
    expect(within(section('Joined Teams')).getByText('No teams match your search.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Joined teams' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(within(section('My Teams')).getByText('No teams match your search.')).toBeInTheDocument();
  });

  it('shows a status while loading, and an empty state without a team service', async () => {
    const api = new FakeTeamsApi([alpha]);
    const release = api.hold('list');
    renderTeams(api);
    expect(within(section('My Teams')).getByRole('status')).toHaveTextContent('Loading your teams…');
    expect(within(section('My Teams')).getByRole('button', { name: 'Create Team' })).toBeDisabled();
    release();
    expect(await screen.findByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
    expect(within(section('My Teams')).getByRole('button', { name: 'Create Team' })).toBeEnabled();
  });

  it('without a team service shows the empty texts and no Create Team', () => {
    renderTeams(null);
    expect(within(section('My Teams')).getByText('No teams yet. Create your first team!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Team' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load teams/passwords' when listing fails, and Try again loads", async () => {
    expectConsoleError(/^Failed to load teams\/passwords Error: list failed \(test\)/);
    const api = new FakeTeamsApi([alpha, gamma]);
    api.breakDown('list');
    const { user } = renderTeams(api);
    const alert = await within(section('My Teams')).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load teams/passwords');
    expect(within(section('Joined Teams')).getByRole('alert')).toHaveTextContent('Failed to load teams/passwords');
    expect(within(section('My Teams')).getByRole('button', { name: 'Create Team' })).toBeDisabled();
    api.recover('list');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Gamma' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('creating and editing a team (SPEC.md §5 "Team")', () => {
  it('creates a team with trimmed values and the empty description omitted; focus returns to Create Team', async () => {
    const api = new FakeTeamsApi([]);
    const { user } = renderTeams(api);
    const create = await within(section('My Teams')).findByRole('button', { name: 'Create Team' });
    await waitFor(() => {
      expect(create).toBeEnabled();
    });
    await user.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Name'), '  Alpha  ');
    await user.type(within(dialog).getByLabelText('Description (optional)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(api.drafts).toEqual([{ call: 'create', teamId: null, draft: { name: 'Alpha' } }]);
    expect(Object.hasOwn(api.drafts[0]!.draft, 'description')).toBe(false);
    const item = within(screen.getByRole('list', { name: 'My teams' })).getByRole('listitem', { name: 'Alpha' });
    expect(within(item).getByText('Owner')).toBeInTheDocument();
    expect(screen.queryByText('No teams yet. Create your first team!')).not.toBeInTheDocument();
    expect(create).toHaveFocus();
  });

  it('trims a description and keeps it', async () => {
    const api = new FakeTeamsApi([]);
    const { user } = renderTeams(api);
    await screen.findByText('No teams yet. Create your first team!');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ops');
    await user.type(within(dialog).getByLabelText('Description (optional)'), '  On-call logins  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('listitem', { name: 'Ops' })).toBeInTheDocument();
    expect(api.drafts[0]?.draft).toEqual({ name: 'Ops', description: 'On-call logins' });
  });

  it("says 'Team name is required' for a blank name and calls nothing", async () => {
    const api = new FakeTeamsApi([]);
    const { user } = renderTeams(api);
    await screen.findByText('No teams yet. Create your first team!');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    const name = within(dialog).getByLabelText('Name');
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(within(dialog).getByText('Team name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Team name is required');
    expect(name).toHaveFocus();
    expect(api.calls).not.toContain('create');
    await user.type(name, 'Alpha');
    expect(within(dialog).queryByText('Team name is required')).not.toBeInTheDocument();
  });

  it("says 'Failed to save team' and keeps what was typed; a second try saves", async () => {
    expectConsoleError(/^Failed to save team Error: create failed \(test\)/);
    const api = new FakeTeamsApi([]);
    api.failNext('create');
    const { user } = renderTeams(api);
    await screen.findByText('No teams yet. Create your first team!');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await user.type(within(dialog).getByLabelText('Name'), 'Alpha');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Shared');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save team');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Alpha');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('Shared');
    expect(within(dialog).getByRole('button', { name: 'Create Team' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's plan refusal as it is (the trial ended while the dashboard was open)", async () => {
    expectConsoleError(/^Failed to save team Error: Creating teams needs a paid plan\./);
    const api = new FakeTeamsApi([]);
    api.failNext('create', 1, 'Creating teams needs a paid plan. Upgrade to continue.');
    const { user } = renderTeams(api);
    await screen.findByText('No teams yet. Create your first team!');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await user.type(within(dialog).getByLabelText('Name'), 'Alpha');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Creating teams needs a paid plan. Upgrade to continue.');
  });

  it('shows Saving… with the buttons disabled while the save runs', async () => {
    const api = new FakeTeamsApi([]);
    const release = api.hold('create');
    const { user } = renderTeams(api);
    await screen.findByText('No teams yet. Create your first team!');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await user.type(within(dialog).getByLabelText('Name'), 'Alpha');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    expect(await screen.findByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
  });

  it('edits a team: the form is filled in, and clearing the description omits it', async () => {
    const api = new FakeTeamsApi([alpha, beta]);
    const { user } = renderTeams(api);
    await chooseAction(user, 'Alpha', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Alpha');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('Marketing logins');
    await user.clear(name);
    await user.type(name, ' Alpha Squad ');
    await user.clear(within(dialog).getByLabelText('Description (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('listitem', { name: 'Alpha Squad' })).toBeInTheDocument();
    expect(api.drafts).toEqual([{ call: 'update', teamId: 'alpha', draft: { name: 'Alpha Squad' } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for team Alpha Squad' })).toHaveFocus();
  });

  it('cancelling an edit changes nothing', async () => {
    const api = new FakeTeamsApi([alpha]);
    const { user } = renderTeams(api);
    const menuButton = await chooseAction(user, 'Alpha', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    await user.type(within(dialog).getByLabelText('Name'), ' changed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).not.toContain('update');
    expect(menuButton).toHaveFocus();
  });
});

describe('deleting a team', () => {
  it('asks in a Delete Team dialog that warns about the passwords; Cancel keeps the team', async () => {
    const api = new FakeTeamsApi([alpha, beta]);
    const { user } = renderTeams(api);
    const remove = await chooseAction(user, 'Alpha', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Team' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Alpha"? All passwords in this team will be permanently deleted.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).not.toContain('remove');
    expect(screen.getByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
    expect(remove).toHaveFocus();
  });

  it('deletes with progress, then focus moves to the next team', async () => {
    const api = new FakeTeamsApi([alpha, beta]);
    const release = api.hold('remove');
    const { user } = renderTeams(api);
    await chooseAction(user, 'Alpha', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Team' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Team' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Deleting the team and its passwords…');
    // Escape does nothing while the delete runs.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete Team' })).toBeInTheDocument();
    release();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('listitem', { name: 'Alpha' })).not.toBeInTheDocument();
    expect(api.teams.map((t) => t.id)).toEqual(['beta']);
    // Focus moves in a passive effect after the dialog's clean-up, which may run after the DOM settled.
    await waitFor(() => {
      expect(screen.getByRole('listitem', { name: 'Beta' })).toHaveFocus();
    });
  });

  it('moves focus to the empty text after deleting the last team', async () => {
    const api = new FakeTeamsApi([alpha]);
    const { user } = renderTeams(api);
    await chooseAction(user, 'Alpha', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Team' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Team' }));
    expect(await within(section('My Teams')).findByText('No teams yet. Create your first team!')).toBeInTheDocument();
    await waitFor(() => {
      expect(within(section('My Teams')).getByText('No teams yet. Create your first team!')).toHaveFocus();
    });
  });

  it('shows an error when the delete fails and keeps the team', async () => {
    expectConsoleError(/^Failed to delete team Error: remove failed \(test\)/);
    const api = new FakeTeamsApi([alpha]);
    api.failNext('remove');
    const { user } = renderTeams(api);
    await chooseAction(user, 'Alpha', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Team' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Team' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete team');
    expect(within(dialog).getByRole('button', { name: 'Delete Team' })).toBeEnabled();
    expect(api.teams).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
  });
});

describe('the team limit (SPEC.md §9)', () => {
  function owned(count: number) {
    return Array.from({ length: count }, (_, index) =>
      team({ id: `t${String(index).padStart(2, '0')}`, name: `Team ${String(index).padStart(2, '0')}` }),
    );
  }

  it("shows 'Team Creation Limit Reached' naming the limit instead of the form", async () => {
    const api = new FakeTeamsApi([...owned(10), gamma]);
    const { user } = renderTeams(api, { planId: 'standard' });
    const create = await screen.findByRole('button', { name: 'Create Team' });
    await screen.findByRole('listitem', { name: 'Team 00' });
    await user.click(create);
    const warning = await screen.findByRole('dialog', { name: 'Team Creation Limit Reached' });
    expect(warning).toHaveTextContent('10 teams');
    expect(screen.queryByRole('dialog', { name: 'Create New Team' })).not.toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(create).toHaveFocus();
  });

  it('counts only the teams the user owns', async () => {
    const joined = Array.from({ length: 5 }, (_, index) =>
      team({ id: `j${index}`, name: `Joined ${index}`, ownerId: 'bob', myRole: 'full' }),
    );
    const api = new FakeTeamsApi([...owned(9), ...joined]);
    const { user } = renderTeams(api, { planId: 'standard' });
    await screen.findByRole('listitem', { name: 'Team 00' });
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Team' })).toBeInTheDocument();
  });

  it('has no limit on the unlimited plan', async () => {
    const api = new FakeTeamsApi(owned(30));
    const { user } = renderTeams(api, { planId: 'unlimited' });
    await screen.findByRole('listitem', { name: 'Team 00' });
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Team' })).toBeInTheDocument();
  });
});
