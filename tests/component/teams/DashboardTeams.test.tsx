import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppServicesProvider } from '../../../src/app/AppServices';
import type { AuthServices } from '../../../src/app/authServices';
import DashboardPage from '../../../src/app/dashboard/DashboardPage';
import type { PrivateKey, VaultKey } from '../../../src/crypto';
import { readConfig } from '../../../src/data/config';
import { newTrialSubscription } from '../../../src/domain/trial';
import type { TeamsApi } from '../../../src/features/teams/model';
import { SessionProvider } from '../../../src/session/SessionContext';
import { createSessionStore } from '../../../src/session/sessionStore';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { fakeTeamFunctions, memoryRepositories } from '../../doubles/memoryRepositories';
import { MemoryStorage } from '../../support/memoryStorage';
import { fakeGateway } from '../app/fakeGateway';
import { FakeTeamsApi, team } from './fakeTeamsApi';

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
  const store = createSessionStore(new MemoryStorage());
  // Nothing personal is stored for these users, so nothing is decrypted: stand-in keys are enough.
  store.unlock(
    { uid, email: `${uid}@example.com`, emailVerified: false, provider: 'password' },
    { vaultKey: { kind: 'vault' } as VaultKey, privateKey: { kind: 'private' } as PrivateKey },
    'encrypted',
  );
  const gateway = fakeGateway();
  const auth: AuthServices = {
    gateway: () => Promise.resolve(gateway),
    deps: {
      loadGateway: () => Promise.resolve(gateway),
      loadUsers: () => Promise.resolve(repositories.users),
      sendCustomEmailVerification: () => Promise.resolve(),
      session: store,
      now: () => Date.now(),
      isDevelopment: true,
    },
  };
  const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AppServicesProvider services={{ config, auth, repositories: () => Promise.resolve(repositories), teamFunctions: fakeTeamFunctions(repositories, () => uid) }}>
        <SessionProvider store={store}>
          <Routes>
            <Route path="/dashboard" element={<DashboardPage teams={teams} />} />
          </Routes>
        </SessionProvider>
      </AppServicesProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
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
