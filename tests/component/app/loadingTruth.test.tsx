// Issue #43 item 0 on the vault screen: until every vault in view has answered (the personal one,
// the team list, each team's key and entries), All items says it is loading and the sidebar's
// counts are placeholders; the empty text only once every answer is empty. The same for the
// personal vault and a team's vault alone.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import { createGroup, savePassword } from '../../../src/features/vault/vaultService';
import type { MemoryRepositories } from '../../doubles/memoryRepositories';
import { createTeamWorld, personalWriter, draft, renderTeamDashboard, storedTeam, teamWriter, type TeamWorld } from './teamDashboard';

let world: TeamWorld;
beforeAll(async () => {
  world = await createTeamWorld();
});

const EMPTY = 'No passwords yet. Add your first password!';
const sidebar = () => screen.getByRole('navigation', { name: 'Vaults' });
const main = () => screen.getByRole('main');
const allItemsButton = () => within(sidebar()).getByRole('button', { name: /^All items/ });
const personalButton = () => within(sidebar()).getByRole('button', { name: /^Personal Passwords/ });

/** A gate the test opens: what waits on it goes on once `open` is called. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Holds every read of a team's entries until `open`. */
function holdTeamEntries(repositories: MemoryRepositories) {
  const { opened, open } = gate();
  const { passwords } = repositories;
  const watchTeam = passwords.watchTeam.bind(passwords);
  passwords.watchTeam = (teamId, watcher) => {
    let stop: (() => void) | null = null;
    let stopped = false;
    void opened.then(() => {
      if (!stopped) stop = watchTeam(teamId, watcher);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  };
  return open;
}

/** Holds every read of a team's document (the key opens from it) until `open`. */
function holdTeamKeys(repositories: MemoryRepositories) {
  const { opened, open } = gate();
  const { teams } = repositories;
  const get = teams.get.bind(teams);
  teams.get = async (teamId: string): Promise<StoredTeam | null> => {
    await opened;
    return get(teamId);
  };
  return open;
}


/** The skeleton of rows, drawn while loading (aria-hidden: the status says it in words). */
const skeleton = () => within(main()).queryByTestId('list-skeleton');

describe('the vault screen while vaults are still answering', () => {
  it('one vault answered with items while a team still loads: its rows, no empty text, no partial count', async () => {
    let openTeam: () => void = () => undefined;
    await renderTeamDashboard(world, async (repositories) => {
      await savePassword(personalWriter(world, repositories), draft('Bank'));
      repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'owner', 'key'));
      await savePassword(teamWriter(repositories, 'engineering', world.teamKey), draft('Deploy'));
      openTeam = holdTeamEntries(repositories);
    });
    const list = await within(main()).findByRole('list', { name: 'All items' });
    await within(list).findByText('Bank');
    // The personal vault has answered: it is counted; All items and the team are not, yet.
    await waitFor(() => {
      expect(personalButton()).toHaveTextContent(/^Personal Passwords1$/);
    });
    expect(allItemsButton()).toHaveTextContent(/^All items$/);
    expect(within(sidebar()).getByRole('listitem', { name: 'Engineering' })).not.toHaveTextContent(/password/);
    expect(within(main()).getByText(/^Loading your passwords…/)).toHaveAttribute('role', 'status');
    expect(list.closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();

    openTeam();
    await within(list).findByText('Deploy');
    await waitFor(() => {
      expect(allItemsButton()).toHaveTextContent(/^All items2$/);
    });
    expect(within(sidebar()).getByRole('listitem', { name: 'Engineering' })).toHaveTextContent('1 password');
    expect(within(main()).queryByText(/^Loading your passwords/)).not.toBeInTheDocument();
    expect(list.closest('[aria-busy="true"]')).toBeNull();
  });

  it('an empty personal vault while a team key is still being opened: a skeleton, not the empty text', async () => {
    let openKeys: () => void = () => undefined;
    await renderTeamDashboard(world, async (repositories) => {
      repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'owner', 'key'));
      await savePassword(teamWriter(repositories, 'engineering', world.teamKey), draft('Deploy'));
      openKeys = holdTeamKeys(repositories);
    });
    await waitFor(() => {
      expect(personalButton()).toHaveTextContent(/^Personal Passwords0$/);
    });
    await within(sidebar()).findByRole('listitem', { name: 'Engineering' });
    expect(skeleton()).toBeInTheDocument();
    expect(within(main()).getByText('Loading your passwords…')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    expect(allItemsButton()).toHaveTextContent(/^All items$/);

    openKeys();
    await within(await within(main()).findByRole('list', { name: 'All items' })).findByText('Deploy');
    await waitFor(() => {
      expect(allItemsButton()).toHaveTextContent(/^All items1$/);
    });
    expect(skeleton()).not.toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
  });

  it('every vault answered empty: the empty text, and every count 0', async () => {
    await renderTeamDashboard(world, async (repositories) => {
      repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'owner', 'key'));
    });
    expect(await within(main()).findByText(EMPTY)).toBeInTheDocument();
    expect(skeleton()).not.toBeInTheDocument();
    expect(allItemsButton()).toHaveTextContent(/^All items0$/);
    expect(personalButton()).toHaveTextContent(/^Personal Passwords0$/);
    expect(within(sidebar()).getByRole('listitem', { name: 'Engineering' })).toHaveTextContent('0 passwords');
  });

  it('a team’s vault alone: a skeleton while its entries load, its rows after, never the empty text', async () => {
    let openTeam: () => void = () => undefined;
    const { user } = await renderTeamDashboard(world, async (repositories) => {
      repositories.teams.put('engineering', await storedTeam(world, 'Engineering', 'owner', 'key'));
      await savePassword(teamWriter(repositories, 'engineering', world.teamKey), draft('Deploy'));
      openTeam = holdTeamEntries(repositories);
    });
    await user.click(await within(sidebar()).findByRole('button', { name: 'View passwords of team Engineering' }));
    await within(main()).findByRole('heading', { name: 'Engineering', level: 2 });
    await waitFor(() => {
      expect(skeleton()).toBeInTheDocument();
    });
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    openTeam();
    expect(await within(main()).findByRole('list', { name: 'Engineering passwords' })).toHaveTextContent('Deploy');
    expect(skeleton()).not.toBeInTheDocument();
  });

  it('the personal vault alone, and its groups: counted only once it has answered', async () => {
    let release: () => void = () => undefined;
    const { user } = await renderTeamDashboard(world, async (repositories) => {
      const work = await createGroup(personalWriter(world, repositories), { name: 'Work', description: '' });
      await savePassword(personalWriter(world, repositories), draft('Bank', work.id));
      const { opened, open } = gate();
      release = open;
      repositories.passwords.beforePage = () => opened;
    });
    const groups = await within(sidebar()).findByRole('list', { name: 'Personal groups' });
    expect(within(groups).getByRole('button', { name: /^Work/ })).toHaveTextContent(/^Work$/);
    await user.click(personalButton());
    await within(main()).findByRole('heading', { name: 'Personal Passwords', level: 2 });
    expect(skeleton()).toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    expect(personalButton()).toHaveTextContent(/^Personal Passwords$/);
    release();
    expect(await within(main()).findByRole('list', { name: 'Personal passwords' })).toHaveTextContent('Bank');
    await waitFor(() => {
      expect(personalButton()).toHaveTextContent(/^Personal Passwords1$/);
    });
    expect(within(groups).getByRole('button', { name: /^Work/ })).toHaveTextContent(/^Work1$/);
  });
});
