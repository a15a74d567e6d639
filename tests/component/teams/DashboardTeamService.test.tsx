// The dashboard with the real team service: keys made and wrapped in the browser, the callables
// faked over the in-memory repositories (the callables themselves are tested on the emulators).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppServicesProvider } from '../../../src/app/AppServices';
import type { AuthServices } from '../../../src/app/authServices';
import DashboardPage from '../../../src/app/dashboard/DashboardPage';
import { createAccountKeys, generateTeamKey, importPublicKey, wrapTeamKey } from '../../../src/crypto';
import { readConfig } from '../../../src/data/config';
import { newTrialSubscription } from '../../../src/domain/trial';
import { openTeamKey } from '../../../src/features/teams/teamKeys';
import { SessionProvider } from '../../../src/session/SessionContext';
import { createSessionStore } from '../../../src/session/sessionStore';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { fakeTeamFunctions, memoryRepositories } from '../../doubles/memoryRepositories';
import { MemoryStorage } from '../../support/memoryStorage';
import { fakeGateway } from '../app/fakeGateway';

let account: Awaited<ReturnType<typeof createAccountKeys>>;
beforeAll(async () => {
  account = await createAccountKeys('team master password');
});

async function renderDashboard(uid: string, seed: (repositories: ReturnType<typeof memoryRepositories>) => Promise<void> = () => Promise.resolve()) {
  const repositories = memoryRepositories();
  await seed(repositories);
  const now = Date.now();
  await repositories.users.create(uid, { ...sampleUserRecord(now), publicKey: account.stored.publicKey, subscription: newTrialSubscription(now) });
  const store = createSessionStore(new MemoryStorage());
  store.unlock({ uid, email: `${uid}@example.com`, emailVerified: true, provider: 'password' }, { vaultKey: account.vaultKey, privateKey: account.privateKey }, 'encrypted');
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
  const teamFunctions = fakeTeamFunctions(repositories, () => uid);
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AppServicesProvider services={{ config: readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } }), auth, repositories: () => Promise.resolve(repositories), teamFunctions }}>
        <SessionProvider store={store}>
          <Routes>
            <Route path="/dashboard" element={<DashboardPage />} />
          </Routes>
        </SessionProvider>
      </AppServicesProvider>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), repositories, teamFunctions };
}

describe('the dashboard’s team service', () => {
  it('publishes the user’s public key for teammates once the vault is open', async () => {
    const { repositories } = await renderDashboard('ana');
    await waitFor(async () => {
      expect(await repositories.publicKeys.get('ana')).toBe(account.stored.publicKey);
    });
  });

  it('creates a team from My Teams: the key is made and wrapped in the browser, and the team is listed as owned', async () => {
    const { user, repositories, teamFunctions } = await renderDashboard('ana');
    await user.click(await screen.findByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Team' });
    await user.type(within(dialog).getByLabelText('Name'), 'Ops');
    await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));

    const mine = await screen.findByRole('list', { name: 'My teams' });
    expect(await within(mine).findByRole('listitem', { name: 'Ops' })).toHaveTextContent('Owner');
    const [created] = await repositories.teams.listForMember('ana');
    expect(teamFunctions.calls.map((call) => call.name)).toContain('createTeam');
    // What reached the "server" is a wrap only the owner's private key opens, bound to the team.
    expect((await openTeamKey(created!.data, created!.id, 'ana', { vaultKey: account.vaultKey, privateKey: account.privateKey })).kind).toBe('team');
    expect(JSON.stringify(teamFunctions.calls)).not.toContain('"kind"');
  });

  it('an owner’s next session finishes a rotation someone’s leaving left pending', async () => {
    const { repositories } = await renderDashboard('ana', async (seeded) => {
      const teamKey = await generateTeamKey();
      const wrap = await wrapTeamKey(teamKey, await importPublicKey(account.stored.publicKey), { teamId: 'ops', keyVersion: 1 });
      await seeded.publicKeys.publish('ana', account.stored.publicKey, 1);
      seeded.teams.put('ops', {
        name: 'Ops',
        ownerId: 'ana',
        createdAt: 1,
        updatedAt: 1,
        memberIds: ['ana'],
        members: { ana: { userId: 'ana', role: 'owner', joinedAt: 1, email: 'ana@example.com', encryptedTeamKey: wrap, needsTeamKey: false } },
        keyVersion: 1,
        // Bob left: his copy is gone, the key he held is not rotated yet.
        rotationNeeded: true,
        previousKey: null,
        deleting: false,
      });
    });
    await screen.findByRole('listitem', { name: 'Ops' });
    await waitFor(async () => {
      expect(await repositories.teams.get('ops')).toMatchObject({ keyVersion: 2, rotationNeeded: false, previousKey: null });
    });
  });
});
