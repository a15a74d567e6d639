import { describe } from 'vitest';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { userRepositoryContract } from '../../contract/userRepository.contract';

describe('MemoryUserRepository', () => {
  userRepositoryContract(() => Promise.resolve(new MemoryUserRepository()));
});
