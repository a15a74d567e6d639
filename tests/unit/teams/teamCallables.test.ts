import { describe } from 'vitest';
import { sampleTeam } from '../../contract/teamRepositories.contract';
import { teamCallableContract } from '../../contract/teamCallables.contract';
import { FakeTeamFunctions } from '../../doubles/fakeTeamFunctions';
import { MemoryTeamRepository } from '../../doubles/memoryTeamRepositories';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';

describe('the in-memory team callables (the fake the teams screens are tested over)', () => {
  teamCallableContract(() => {
    const teams = new MemoryTeamRepository();
    const passwords = new MemoryPasswordRepository();
    const as = (uid: string) => new FakeTeamFunctions(() => uid, teams, passwords, new MemoryUserRepository(), []);
    let next = 1;
    return Promise.resolve({
      seedTeam: (roles) => {
        const teamId = `team-${String(next++)}`;
        teams.put(teamId, sampleTeam('Ops', roles));
        return Promise.resolve({ teamId, uid: (label) => label, as, read: () => teams.get(teamId) });
      },
      outsider: (label) => Promise.resolve(as(label)),
    });
  });
});
