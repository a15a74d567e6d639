import { describe } from 'vitest';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import {
  groupRepositoryContract,
  malformedDocumentsContract,
  passwordRepositoryContract,
  sealedEntriesContract,
  teamVaultRepositoriesContract,
} from '../../contract/vaultRepositories.contract';

describe('in-memory vault repositories', () => {
  passwordRepositoryContract(() => {
    const repositories = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    return Promise.resolve(() => Promise.resolve(repositories));
  });
  // The Firestore tier runs this too once the rules accept format 2 (issue #18).
  sealedEntriesContract(() => {
    const repositories = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    return Promise.resolve(() => Promise.resolve(repositories));
  });
  groupRepositoryContract(() => {
    const repository = new MemoryGroupRepository();
    return Promise.resolve(() => Promise.resolve(repository));
  });
  // The doubles hold no teams and check no roles: the rules do, in the firestore tier.
  teamVaultRepositoriesContract(() => {
    const repositories = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    return Promise.resolve(() => Promise.resolve(repositories));
  });
  malformedDocumentsContract(() => {
    const repositories = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    return Promise.resolve({
      as: () => Promise.resolve(repositories),
      plant: (collection, id, data) => {
        repositories[collection].plant(id, data);
        return Promise.resolve();
      },
    });
  });
});
