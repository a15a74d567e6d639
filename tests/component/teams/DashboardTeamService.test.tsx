// The dashboard with the real team service: keys made and wrapped in the browser, the callables
// faked over the in-memory repositories (the callables themselves are tested on the emulators).
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, generateTeamKey, importPublicKey, wrapTeamKey } from '../../../src/crypto';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { openTeamKey } from '../../../src/features/teams/teamKeys';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { fakeTeamFunctions, memoryRepositories } from '../../doubles/memoryRepositories';
import { renderDashboardPage } from '../app/dashboardHarness';

let account: Awaited<ReturnType<typeof createAccountKeys>>;
beforeAll(async () => {
  account = await createAccountKeys('team master password');
});

async function renderDashboard(uid: string, seed: (repositories: ReturnType<typeof memoryRepositories>) => Promise<void> = () => Promise.resolve()) {
  const repositories = memoryRepositories();
  await seed(repositories);
  const now = Date.now();
  await repositories.users.create(uid, { ...sampleUserRecord(now), publicKey: account.stored.publicKey, subscription: newTrialSubscription(now) });
  const teamFunctions = fakeTeamFunctions(repositories, () => uid);
  const { user } = renderDashboardPage({ uid, keys: { vaultKey: account.vaultKey, privateKey: account.privateKey }, repositories, teamFunctions });
  return { user, repositories, teamFunctions };
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
