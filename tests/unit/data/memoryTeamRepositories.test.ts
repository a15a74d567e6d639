import { describe } from 'vitest';
import { teamRepositoryContract } from '../../contract/teamRepositories.contract';
import { MemoryKnownKeysRepository, MemoryPublicKeyRepository, MemoryTeamRepository } from '../../doubles/memoryTeamRepositories';

describe('in-memory team repositories', () => {
  teamRepositoryContract(() => {
    const teams = new MemoryTeamRepository();
    const publicKeys = new MemoryPublicKeyRepository();
    const knownKeys = new Map<string, MemoryKnownKeysRepository>();
    return Promise.resolve({
      as: (uid) => {
        if (!knownKeys.has(uid)) knownKeys.set(uid, new MemoryKnownKeysRepository());
        return Promise.resolve({ teams, publicKeys, knownKeys: knownKeys.get(uid)! });
      },
      seedTeam: (teamId, team) => {
        teams.put(teamId, team);
        return Promise.resolve();
      },
      seedUser: () => Promise.resolve(),
      seedLegacyKnownKeys: (uid, sealed) => {
        if (!knownKeys.has(uid)) knownKeys.set(uid, new MemoryKnownKeysRepository());
        knownKeys.get(uid)!.putLegacy(sealed);
        return Promise.resolve();
      },
    });
  });
});
