import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import { newTrialSubscription } from '@keyloft/contract/trial';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import type { TeamSummary } from '../../../src/features/teams/model';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { memoryRepositories } from '../../doubles/memoryRepositories';
import { team } from './fakeTeamsApi';
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

/**
 * The team as stored for `uid` as it is listed: held by no wrapped key (so nothing is opened or
 * checked in the background); a team the summary says is owned is the user's, another's owner is beside them.
 */
function storedTeam(uid: string, summary: TeamSummary): StoredTeam {
  const ownerId = summary.myRole === 'owner' ? uid : summary.ownerId;
  const member = (userId: string, role: StoredTeam['members'][string]['role'], needsTeamKey: boolean) => ({
    userId,
    role,
    joinedAt: summary.createdAt,
    email: `${userId}@example.com`,
    encryptedTeamKey: null,
    needsTeamKey,
  });
  const members = { [uid]: member(uid, summary.myRole, summary.needsKey) };
  if (ownerId !== uid) members[ownerId] = member(ownerId, 'owner', false);
  return {
    name: summary.name,
    ownerId,
    createdAt: summary.createdAt,
    updatedAt: summary.createdAt,
    memberIds: Object.keys(members),
    members,
    keyVersion: 1,
    rotationNeeded: false,
    previousKey: null,
    deleting: false,
  };
}

async function renderDashboard(uid: string, plan: Plan, teams: readonly TeamSummary[]) {
  const repositories = memoryRepositories();
  const now = Date.now();
  await repositories.users.create(uid, { ...sampleUserRecord(now), subscription: subscriptionFor(plan, now) });
  for (const summary of teams) repositories.teams.put(summary.id, storedTeam(uid, summary));
  // Nothing personal is stored for these users, so nothing is decrypted: stand-in keys are enough.
  const keys = { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey };
  return renderDashboardPage({ uid, emailVerified: false, keys, repositories }).user;
}

const ownedTeams = Array.from({ length: 10 }, (_, index) => team({ id: `t${index}`, name: `Team ${index}` }));
const joinedTeam = team({ id: 'j', name: 'Joined One', ownerId: 'bob', myRole: 'full', needsKey: true });

describe('the dashboard with a team service', () => {
  it('lists owned teams under My Teams and the others under Joined Teams', async () => {
    await renderDashboard('dash-teams', 'trial', [ownedTeams[0]!, joinedTeam]);
    const mine = await screen.findByRole('list', { name: 'My teams' });
    expect(within(mine).getByRole('listitem', { name: 'Team 0' })).toBeInTheDocument();
    const joined = screen.getByRole('list', { name: 'Joined teams' });
    expect(within(joined).getByRole('listitem', { name: 'Joined One' })).toHaveTextContent('Needs Key');
  });

  it('passes the effective plan: 10 owned teams on standard reach the limit', async () => {
    const user = await renderDashboard('dash-standard', 'standard', ownedTeams);
    await screen.findByRole('listitem', { name: 'Team 0' });
    await user.click(screen.getByRole('button', { name: 'Create Team' }));
    expect(await screen.findByRole('dialog', { name: 'Team Creation Limit Reached' })).toHaveTextContent('10 teams');
  });

  it('keeps Joined Teams open while the upgrade overlay covers My Teams', async () => {
    await renderDashboard('dash-expired', 'expired-trial', [ownedTeams[0]!, joinedTeam]);
    expect(await screen.findByText('Upgrade to Access')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Joined One' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'My teams' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Team' })).not.toBeInTheDocument();
  });
});
