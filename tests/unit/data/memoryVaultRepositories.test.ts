import { describe } from 'vitest';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import { groupRepositoryContract, passwordRepositoryContract } from '../../contract/vaultRepositories.contract';

describe('in-memory vault repositories', () => {
  passwordRepositoryContract(() => {
    const repository = new MemoryPasswordRepository();
    return Promise.resolve(() => Promise.resolve(repository));
  });
  groupRepositoryContract(() => {
    const repository = new MemoryGroupRepository();
    return Promise.resolve(() => Promise.resolve(repository));
  });
});
