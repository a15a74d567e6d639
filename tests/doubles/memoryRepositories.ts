import type { Repositories } from '../../src/data/repositories';
import { FakeTeamFunctions, type FakeAccount } from './fakeTeamFunctions';
import { MemoryKnownKeysRepository, MemoryPublicKeyRepository, MemoryTeamRepository } from './memoryTeamRepositories';
import { MemoryUserRepository } from './memoryUserRepository';
import { MemoryGroupRepository, MemoryPasswordRepository } from './memoryVaultRepositories';

/** A fresh in-memory data layer with the app's repository interfaces. */
export interface MemoryRepositories extends Repositories {
  readonly passwords: MemoryPasswordRepository;
  readonly teams: MemoryTeamRepository;
  readonly publicKeys: MemoryPublicKeyRepository;
}

export function memoryRepositories(): MemoryRepositories {
  return {
    users: new MemoryUserRepository(),
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    teams: new MemoryTeamRepository(),
    publicKeys: new MemoryPublicKeyRepository(),
    knownKeys: new MemoryKnownKeysRepository(),
  };
}

/** The team callables' stand-in over these repositories, acting as `uid`; `accounts` are who lookupTeamCandidate finds. */
export function fakeTeamFunctions(repositories: MemoryRepositories, uid: () => string, accounts: readonly FakeAccount[] = []): FakeTeamFunctions {
  return new FakeTeamFunctions(uid, repositories.teams, repositories.publicKeys, repositories.passwords, accounts);
}
