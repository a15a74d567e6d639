import { describe } from 'vitest';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../../src/data/memory/memoryVaultRepositories';
import { groupRepositoryContract, passwordRepositoryContract } from '../../contract/vaultRepositories.contract';
import { MemoryStorage } from '../../support/memoryStorage';

describe('in-memory vault repositories', () => {
  passwordRepositoryContract(() => {
    const repository = new MemoryPasswordRepository(new MemoryStorage());
    return Promise.resolve(() => Promise.resolve(repository));
  });
  groupRepositoryContract(() => {
    const repository = new MemoryGroupRepository(new MemoryStorage());
    return Promise.resolve(() => Promise.resolve(repository));
  });
});
