import type { Repositories } from '../../src/data/repositories';
import { MemoryUserRepository } from './memoryUserRepository';
import { MemoryGroupRepository, MemoryPasswordRepository } from './memoryVaultRepositories';

/** A fresh in-memory data layer with the app's repository interfaces. */
export function memoryRepositories(): Repositories {
  return { users: new MemoryUserRepository(), passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
}
