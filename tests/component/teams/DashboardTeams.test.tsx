import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import { newTrialSubscription } from '@keyloft/contract/trial';
import type { TeamsApi } from '../../../src/features/teams/model';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { FakeTeamsApi, team } from './fakeTeamsApi';
import { renderDashboardPage } from '../app/dashboardHarness';

const DAY = 86_400_000;

type Plan = 'trial' | 'expired-trial' | 'standard';

function subscriptionFor(plan: Plan, now: number) {
  if (plan === 'trial') return newTrialSubscription(now);
  if (plan === 'expired-trial') return newTrialSubscription(now - 15 * DAY);
  return {
    ...newTrialSubscription(now),
    status: 'active' as const,
    planId: 'standard',
    planName: 'Standard',
    trialStart: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    isFreeTrialOnly: false,
    currentPeriodEnd: now + 30 * DAY,
  };
}

async function renderDashboard(uid: string, plan: Plan, teams: TeamsApi) {
  const repositories = memoryRepositories();
  const now = Date.now();
  await repositories.users.create(uid, { ...sampleUserRecord(now), subscription: subscriptionFor(plan, now) });
  // Nothing personal is stored for these users, so nothing is decrypted: stand-in keys are enough.
  const keys = { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey };
  return renderDashboardPage({ uid, emailVerified: false, keys, repositories, props: { teams } }).user;
}

const ownedTeams = Array.from({ length: 10 }, (_, index) => team({ id: `t${index}`, name: `Team ${index}` }));
const joinedTeam = team({ id: 'j', name: 'Joined One', ownerId: 'bob', myRole: 'full', needsKey: true });

describe('the dashboard with a team service', () => {
  it('lists owned teams under My Teams and the others under Joined Teams', async () => {
    await renderDashboard('dash-teams', 'trial', new FakeTeamsApi([ownedTeams[0]!, joinedTeam]));
    const mine = await screen.findByRole('list', { name: 'My teams' });
    expect(within(mine).getByRole('listitem', { name: 'Team 0' })).toBeInTheDocument();
    const joined = screen.getByRole('list', { name: 'Joined teams' });
    expect(within(joined).getByRole('listitem', { name: 'Joined One' })).toHaveTextContent('Needs Key');
  });

  it('passes the effective plan: 10 owned teams on standard reach the limit', async () => {
    const user = await renderDashboard('dash-standard', 'standard', new FakeTeamsApi(ownedTeams));
    await screen.findByRole('listitem', { name: 'Team 0' });
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('dialog', { name: 'Team Creation Limit Reached' })).toHaveTextContent('10 teams');
  });

  it('keeps Joined Teams open while the upgrade overlay covers My Teams', async () => {
    await renderDashboard('dash-expired', 'expired-trial', new FakeTeamsApi([ownedTeams[0]!, joinedTeam]));
    expect(await screen.findByText('Upgrade to Access')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Joined One' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'My teams' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Team' })).not.toBeInTheDocument();
  });
});
