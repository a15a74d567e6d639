import { describe } from 'vitest';
import { MemoryPasskeyRepository } from '../../doubles/memoryPasskeyRepository';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';
import { passkeyRepositoryContract } from '../../contract/passkeyRepository.contract';

describe('MemoryPasskeyRepository', () => {
  passkeyRepositoryContract(() => Promise.resolve({ passkeys: new MemoryPasskeyRepository(), users: new MemoryUserRepository() }));
});
