// The dashboard opens 'Manage Team Members' from a team's 'Manage Members' button, with the real
// team service over the in-memory repositories and the fake callables, and reloads the team list
// after a change.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTrialSubscription } from '../../../src/domain/trial';
import { createTeamsApi } from '../../../src/features/teams/teamService';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { fakeTeamFunctions, memoryRepositories } from '../../doubles/memoryRepositories';
import { joinWithoutKey } from '../../doubles/teamWorld';
import { makeAccounts, type Account, type Name } from './membersWorld';
import { renderDashboardPage } from '../app/dashboardHarness';

let accounts: Record<Name, Account>;
beforeAll(async () => {
  ({ accounts } = await makeAccounts());
});

async function renderDashboard(as: Name, { bobJoined = false }: { bobJoined?: boolean } = {}) {
  const me = accounts[as];
  const repositories = memoryRepositories();
  const now = Date.now();
  for (const account of Object.values(accounts)) {
    await repositories.users.create(account.uid, { ...sampleUserRecord(now), publicKey: account.publicKey, subscription: newTrialSubscription(now) });
    await repositories.publicKeys.publish(account.uid, account.publicKey, now);
  }
  let acting = me.uid;
  const teamFunctions = fakeTeamFunctions(repositories, () => acting, Object.values(accounts));
  // The owner's team, made through the real service before the dashboard opens.
  acting = accounts.owner.uid;
  await createTeamsApi({
    teams: repositories.teams,
    publicKeys: repositories.publicKeys,
    knownKeys: repositories.knownKeys,
    passwords: repositories.passwords,
    functions: teamFunctions,
    userId: accounts.owner.uid,
    ownPublicKey: accounts.owner.publicKey,
    keys: { vaultKey: accounts.owner.vaultKey, privateKey: accounts.owner.privateKey },
    now: () => now,
  }).create({ name: 'Ops' });
  if (bobJoined) {
    // Without the key: enough to be listed under Joined Teams.
    const [team] = await repositories.teams.listForMember(accounts.owner.uid);
    await joinWithoutKey(repositories.teams, team!.id, accounts.member, 'view', now);
  }
  acting = me.uid;

  const { user } = renderDashboardPage({
    uid: me.uid,
    email: me.email,
    keys: { vaultKey: me.vaultKey, privateKey: me.privateKey },
    repositories,
    teamFunctions,
  });
  return { user, repositories, teamFunctions };
}

describe('Manage Members from the dashboard', () => {
  it('opens the modal for the chosen team, adds a member, refreshes the member count and returns focus on close', async () => {
    const { user } = await renderDashboard('owner');
    const mine = await screen.findByRole('list', { name: 'My teams' });
    const ops = await within(mine).findByRole('listitem', { name: 'Ops' });
    expect(ops).toHaveTextContent('1 member');
    const manage = within(ops).getByRole('button', { name: 'Manage members of team Ops' });
    await user.click(manage);

    const dialog = await screen.findByRole('dialog', { name: 'Manage Team Members' });
    await within(dialog).findByRole('list', { name: 'Current members' });
    await user.type(within(dialog).getByLabelText('Email'), 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm New Member' });
    await user.click(within(confirm).getByRole('button', { name: 'Add Member' }));
    await within(dialog).findByRole('listitem', { name: 'bob@example.com' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Manage Team Members' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(within(screen.getByRole('list', { name: 'My teams' })).getByRole('listitem', { name: 'Ops' })).toHaveTextContent('2 members');
    });
    await waitFor(() => {
      expect(within(screen.getByRole('list', { name: 'My teams' })).getByRole('button', { name: 'Manage members of team Ops' })).toHaveFocus();
    });
  });

  it('a member leaves a joined team from the modal; the team leaves the list', async () => {
    const { user, repositories } = await renderDashboard('member', { bobJoined: true });

    const joined = await screen.findByRole('list', { name: 'Joined teams' });
    await user.click(within(joined).getByRole('button', { name: 'Manage members of team Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Team Members' });
    await user.click(await within(dialog).findByRole('button', { name: 'Leave team' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Team' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave Team' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Manage Team Members' })).not.toBeInTheDocument();
    });
    expect(await screen.findByText('You have not joined any teams yet. Invitations you accept appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Ops' })).not.toBeInTheDocument();
    expect(await repositories.teams.listForMember(accounts.member.uid)).toEqual([]);
  });
});
