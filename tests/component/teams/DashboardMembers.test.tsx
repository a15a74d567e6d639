// The dashboard opens 'Manage Team Members' from a team's 'Manage Members' button, with the real
// team service over the in-memory repositories and the fake callables, and reloads the team list
// after a change.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { createTeamInvitationsApi } from '../../../src/features/teams/teamInvitations';
import { createTeamsApi } from '../../../src/features/teams/teamService';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { fakeInvitationFunctions, fakeTeamFunctions, memoryRepositories } from '../../doubles/memoryRepositories';
import { joinWithoutKey } from '../../doubles/teamWorld';
import { makeAccounts, type Account, type Name } from './membersWorld';
import { renderDashboardPage } from '../app/dashboardHarness';

let accounts: Record<Name, Account>;
beforeAll(async () => {
  ({ accounts } = await makeAccounts());
});

async function renderDashboard(as: Name, { bobJoined = false, invited = false }: { bobJoined?: boolean; invited?: boolean } = {}) {
  const me = accounts[as];
  const repositories = memoryRepositories();
  const now = Date.now();
  for (const account of Object.values(accounts)) {
    await repositories.users.create(account.uid, { ...sampleUserRecord(now), publicKey: account.publicKey, subscription: newTrialSubscription(now) });
    await repositories.publicKeys.publish(account.uid, account.publicKey, now);
  }
  let acting = me.uid;
  const teamFunctions = fakeTeamFunctions(repositories, () => acting, Object.values(accounts));
  const invitationFunctions = fakeInvitationFunctions(
    repositories,
    () => acting,
    Object.values(accounts).map(({ uid, email }) => ({ uid, email, verified: true })),
  );
  // The owner's team, made through the real service before the dashboard opens.
  acting = accounts.owner.uid;
  const ownerDeps = {
    teams: repositories.teams,
    publicKeys: repositories.publicKeys,
    knownKeys: repositories.knownKeys,
    passwords: repositories.passwords,
    functions: teamFunctions,
    invitations: repositories.invitations,
    invitationFunctions,
    appOrigin: 'https://keyloft.test',
    userId: accounts.owner.uid,
    ownPublicKey: accounts.owner.publicKey,
    keys: { vaultKey: accounts.owner.vaultKey, privateKey: accounts.owner.privateKey },
    now: () => now,
  };
  await createTeamsApi(ownerDeps).create({ name: 'Ops' });
  if (invited) {
    // The owner invites bob through the real service: the key goes under the link's secret.
    const [team] = await repositories.teams.listForMember(accounts.owner.uid);
    const step = await createTeamInvitationsApi(ownerDeps).invite(team!.id, accounts.member.email, 'full');
    if (step.kind !== 'link') throw new Error(`unexpected step ${step.kind}`);
  }
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
    invitationFunctions,
  });
  const actAs = (name: Name) => {
    acting = accounts[name].uid;
  };
  return { user, repositories, teamFunctions, invitationFunctions, actAs };
}

describe('Manage Members from the dashboard', () => {
  it('opens the modal for the chosen team, invites a member, lists the invitation and returns focus on close', async () => {
    const { user, invitationFunctions } = await renderDashboard('owner');
    const mine = await screen.findByRole('list', { name: 'My teams' });
    const ops = await within(mine).findByRole('listitem', { name: 'Ops' });
    expect(ops).toHaveTextContent('1 member');
    // The team's menu in the sidebar offers Manage Members.
    const menuButton = within(ops).getByRole('button', { name: 'Actions for team Ops' });
    await user.click(menuButton);
    await user.click(within(ops).getByRole('menuitem', { name: 'Manage members of team Ops' }));

    const dialog = await screen.findByRole('dialog', { name: 'Manage Team Members' });
    await within(dialog).findByRole('list', { name: 'Current members' });
    await user.type(within(dialog).getByLabelText('Email'), 'bob@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    const created = await screen.findByRole('dialog', { name: 'Invitation Created' });
    await user.click(within(created).getByRole('button', { name: 'Send Email' }));
    const pending = await within(dialog).findByRole('list', { name: 'Pending invitations' });
    await within(pending).findByText('bob@example.com');
    expect(invitationFunctions.emails.map((email) => email.to)).toEqual(['bob@example.com']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Manage Team Members' })).not.toBeInTheDocument();
    // Invited is not joined: still one member.
    expect(within(screen.getByRole('list', { name: 'My teams' })).getByRole('listitem', { name: 'Ops' })).toHaveTextContent('1 member');
    await waitFor(() => {
      expect(within(screen.getByRole('list', { name: 'My teams' })).getByRole('button', { name: 'Actions for team Ops' })).toHaveFocus();
    });
  });

  it('the invitee sees the count in the header, accepts from Team Invitations without the link, and joins needing the key', async () => {
    const { user, repositories, actAs } = await renderDashboard('member', { invited: true });
    const button = await screen.findByRole('button', { name: 'Invitations' });
    await waitFor(() => {
      expect(button).toHaveAttribute('title', '1 pending invitation(s)');
    });
    await user.click(button);
    const modal = await screen.findByRole('dialog', { name: 'Team Invitations' });
    actAs('member');
    await user.click(await within(modal).findByRole('button', { name: 'Accept invitation to Ops' }));
    const joined = await screen.findByRole('list', { name: 'Joined teams' });
    // The key travels only in the link: accepted from the list, an owner or admin grants it after
    // checking the fingerprint.
    expect(await within(joined).findByRole('listitem', { name: 'Ops' })).toHaveTextContent('Needs Key');
    expect((await repositories.teams.listForMember(accounts.member.uid)).map((team) => team.data.name)).toEqual(['Ops']);
    await waitFor(() => {
      expect(button).not.toHaveAttribute('title');
    });
  });

  it('a member leaves a joined team from the modal; the team leaves the list', async () => {
    const { user, repositories } = await renderDashboard('member', { bobJoined: true });

    const joined = await screen.findByRole('list', { name: 'Joined teams' });
    // The team's own header offers Manage Members too.
    await user.click(within(joined).getByRole('button', { name: 'View passwords of team Ops' }));
    await user.click(await screen.findByRole('button', { name: 'Manage members of team Ops' }));
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
