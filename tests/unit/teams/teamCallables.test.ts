import { describe } from 'vitest';
import { sampleTeam } from '../../contract/teamRepositories.contract';
import { teamCallableContract } from '../../contract/teamCallables.contract';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { sampleUserRecord } from '../../contract/userRepository.contract';
import { freeSubscription } from '../../doubles/fakeBillingCallables';
import { FakeTeamFunctions } from '../../doubles/fakeTeamFunctions';
import { MemoryTeamRepository } from '../../doubles/memoryTeamRepositories';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

describe('the in-memory team callables (the fake the teams screens are tested over)', () => {
  teamCallableContract(() => {
    const teams = new MemoryTeamRepository();
    const passwords = new MemoryPasswordRepository();
    const users = new MemoryUserRepository();
    const as = (uid: string) => new FakeTeamFunctions(() => uid, teams, passwords, users, []);
    let next = 1;
    let entries = 1;
    return Promise.resolve({
      seedTeam: (roles, overrides) => {
        const teamId = `team-${String(next++)}`;
        teams.put(teamId, sampleTeam('Ops', roles, overrides));
        // Only its team and keyVersion matter to the callables; the rest of the entry is left out.
        const plantEntry = (keyVersion: number) => {
          passwords.plant(`entry-${String(entries++)}`, { teamId, userId: null, keyVersion, title: 'Entry' });
          return Promise.resolve();
        };
        return Promise.resolve({ teamId, uid: (label) => label, as, read: () => teams.get(teamId), plantEntry });
      },
      outsider: (label) => Promise.resolve(as(label)),
      account: async (label, plan) => {
        const now = Date.now();
        await users.create(label, { ...sampleUserRecord(now), subscription: plan === 'trial' ? newTrialSubscription(now) : freeSubscription(now) });
        return { uid: label, functions: as(label) };
      },
      newTeamId: () => teams.newId(),
      readTeam: (teamId) => teams.get(teamId),
    });
  });
});
