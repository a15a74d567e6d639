// What the team list says besides its teams (issue #41 items 3 and 7, issue #42): a damaged team
// is flagged and the others listed; a list answered from the device copy says so and is read
// again until the server answers; the teams dropped from the device are named once, until dismissed.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resourceKeys } from '../../../src/session/serverState/keys';
import { FakeTeamsApi, team } from './fakeTeamsApi';
import { renderTeams } from './harness';

const alpha = team({ id: 'alpha', name: 'Alpha' });
const gamma = team({ id: 'gamma', name: 'Gamma', ownerId: 'bob', myRole: 'view' });
const ops = team({ id: 'ops', name: 'Ops', ownerId: 'bob', myRole: 'full' });
const problem = 'field "keyVersion" is missing or has the wrong type';

describe('the team list notices', () => {
  it('a damaged team is flagged by name and what is wrong, and the healthy teams are listed', async () => {
    const api = new FakeTeamsApi([alpha, gamma]);
    api.flagged = [
      { id: 'broken', name: 'Broken', problem },
      { id: 'nameless', name: null, problem: 'field "name" is missing or has the wrong type' },
    ];
    renderTeams(api);
    const flagged = await screen.findByRole('list', { name: 'Damaged teams' });
    expect(within(flagged).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Damaged team "Broken": its stored document is damaged (${problem}); it cannot be opened.`,
      'Damaged team: its stored document is damaged (field "name" is missing or has the wrong type); it cannot be opened.',
    ]);
    expect(within(screen.getByRole('list', { name: 'My teams' })).getByRole('listitem', { name: 'Alpha' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Joined teams' })).getByRole('listitem', { name: 'Gamma' })).toBeInTheDocument();
  });

  it('a list from the device copy is not shown as current: it says so, and is read again until the server answers', async () => {
    const api = new FakeTeamsApi([alpha]);
    api.fromDevice = true;
    renderTeams(api);
    expect(await screen.findByText("The server can't be reached: your teams are listed as this device last saw them.")).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Joined teams' })).not.toBeInTheDocument();
    // The server answers again, with the team just joined: nothing else asks for the list.
    api.fromDevice = false;
    api.teams.push(ops);
    await waitFor(
      () => {
        expect(within(screen.getByRole('list', { name: 'Joined teams' })).getByRole('listitem', { name: 'Ops' })).toBeInTheDocument();
      },
      { timeout: 5_000 },
    );
    expect(screen.queryByText(/listed as this device last saw them/)).not.toBeInTheDocument();
    // Once current, it is not read again by itself.
    const reads = api.calls.filter((call) => call === 'list').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.calls.filter((call) => call === 'list')).toHaveLength(reads);
  });

  it('the teams dropped from the device are named once: kept through later reads until dismissed, and not said again', async () => {
    const api = new FakeTeamsApi([alpha]);
    api.left = [
      { id: 'ops', name: 'Ops' },
      { id: 'old', name: null },
    ];
    const { user, client } = renderTeams(api);
    const text = 'You are no longer a member of "Ops" and a team. Their passwords were removed from this device.';
    expect(await screen.findByText(text)).toBeInTheDocument();
    // A later read names none: the notice stays until dismissed.
    await act(() => client.invalidateQueries({ queryKey: resourceKeys.teamList() }));
    expect(screen.getByText(text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    await act(() => client.invalidateQueries({ queryKey: resourceKeys.teamList() }));
    expect(screen.queryByText(/no longer a member/)).not.toBeInTheDocument();
    // One team: its name alone.
    api.left = [{ id: 'dev', name: 'Dev' }];
    await act(() => client.invalidateQueries({ queryKey: resourceKeys.teamList() }));
    expect(await screen.findByText('You are no longer a member of "Dev". Its passwords were removed from this device.')).toBeInTheDocument();
  });

  it('a team the user deleted here is not named as one they no longer belong to', async () => {
    const api = new FakeTeamsApi([alpha, team({ id: 'beta', name: 'Beta' })]);
    const { user, client } = renderTeams(api);
    const item = await within(await screen.findByRole('list', { name: 'My teams' })).findByRole('listitem', { name: 'Beta' });
    await user.click(within(item).getByRole('button', { name: 'Actions for team Beta' }));
    await user.click(within(item).getByRole('menuitem', { name: 'Delete team Beta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Team' });
    await user.click(within(dialog).getByRole('button', { name: /Delete/ }));
    await waitFor(() => {
      expect(screen.queryByRole('listitem', { name: 'Beta' })).not.toBeInTheDocument();
    });
    // The next list drops the team from the device and names it; the one who deleted it is not told.
    api.left = [{ id: 'beta', name: 'Beta' }];
    await act(() => client.invalidateQueries({ queryKey: resourceKeys.teamList() }));
    expect(api.left).toEqual([]);
    expect(screen.queryByText(/no longer a member/)).not.toBeInTheDocument();
  });
});
