import { describe, expect, it } from 'vitest';
import { MemoryGroupRepository, MemoryPasswordRepository } from '../../doubles/memoryVaultRepositories';
import {
  allPages,
  groupRepositoryContract,
  malformedDocumentsContract,
  passwordRepositoryContract,
  sampleEntry,
  sealedEntriesContract,
  teamVaultRepositoriesContract,
} from '../../contract/vaultRepositories.contract';
import { liveReadsContract } from '../../contract/liveReads.contract';

describe('in-memory vault repositories', () => {
  liveReadsContract(() => {
    const repositories = { passwords: new MemoryPasswordRepository(), groups: new MemoryGroupRepository() };
    return Promise.resolve(() => Promise.resolve(repositories));
  });
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

describe('in-memory paged reads (the test hooks the vault screens are tested with)', () => {
  it('hands out pages of pageSize in id order, waiting for beforePage before each, and fails where it rejects', async () => {
    const passwords = new MemoryPasswordRepository();
    for (let i = 0; i < 5; i += 1) await passwords.create(`id-${i}`, sampleEntry('ana', `T${4 - i}`));
    passwords.pageSize = 2;
    const asked: number[] = [];
    passwords.beforePage = (index) => {
      asked.push(index);
      return index === 2 ? Promise.reject(new Error('offline')) : Promise.resolve();
    };
    const seen: string[][] = [];
    const reading = (async () => {
      for await (const page of passwords.readPersonalPages('ana')) seen.push(page.items.map((entry) => entry.id));
    })();
    await expect(reading).rejects.toThrow('offline');
    expect(seen).toEqual([
      ['id-0', 'id-1'],
      ['id-2', 'id-3'],
    ]);
    expect(asked).toEqual([0, 1, 2]);

    passwords.beforePage = null;
    expect((await allPages(passwords.readPersonalPages('ana'))).map((page) => page.items.length)).toEqual([2, 2, 1]);
  });

  it('hands out documents whose change does not reach the store', async () => {
    const passwords = new MemoryPasswordRepository();
    await passwords.create('id-0', sampleEntry('ana', 'Bank'));
    const [page] = await allPages(passwords.readPersonalPages('ana'));
    (page?.items[0]?.data as { title: string }).title = 'Changed';
    expect((await passwords.listPersonal('ana'))[0]?.data.title).toBe('Bank');
  });
});
