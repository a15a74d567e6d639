import { describe, expect, it } from 'vitest';
import { MemoryUserRepository } from '../../../src/data/memory/memoryUserRepository';
import { userRepositoryContract, sampleUserRecord } from '../../contract/userRepository.contract';
import { MemoryStorage } from '../../support/memoryStorage';

describe('MemoryUserRepository', () => {
  userRepositoryContract(() => Promise.resolve(new MemoryUserRepository()));

  describe('backed by the tab’s storage', () => {
    userRepositoryContract(() => Promise.resolve(new MemoryUserRepository(new MemoryStorage())));

    it('keeps records across a reload of the tab', async () => {
      const storage = new MemoryStorage();
      const record = sampleUserRecord();
      await new MemoryUserRepository(storage).create('ana', record);
      expect(await new MemoryUserRepository(storage).get('ana')).toEqual(record);
    });
  });
});
