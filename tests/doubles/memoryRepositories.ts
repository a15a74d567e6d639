import type { Repositories } from '../../src/data/repositories';
import { MemoryKnownKeysRepository, MemoryPublicKeyRepository, MemoryTeamRepository } from './memoryTeamRepositories';
import { MemoryUserRepository } from './memoryUserRepository';
import { MemoryGroupRepository, MemoryPasswordRepository } from './memoryVaultRepositories';

/** A fresh in-memory data layer with the app's repository interfaces. */
export function memoryRepositories(): Repositories & { readonly teams: MemoryTeamRepository; readonly publicKeys: MemoryPublicKeyRepository } {
  return {
    users: new MemoryUserRepository(),
    passwords: new MemoryPasswordRepository(),
    groups: new MemoryGroupRepository(),
    teams: new MemoryTeamRepository(),
    publicKeys: new MemoryPublicKeyRepository(),
    knownKeys: new MemoryKnownKeysRepository(),
  };
}
