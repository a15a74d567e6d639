import { describe } from 'vitest';
import { invitationRepositoryContract } from '../../contract/invitationRepository.contract';
import { MemoryInvitationRepository } from '../../doubles/memoryInvitationRepository';
import { MemoryTeamRepository } from '../../doubles/memoryTeamRepositories';
import { MemoryUserRepository } from '../../doubles/memoryUserRepository';

describe('in-memory invitation repository', () => {
  invitationRepositoryContract(() => {
    const users = new MemoryUserRepository();
    const teams = new MemoryTeamRepository();
    const invitations = new MemoryInvitationRepository(users, teams);
    return Promise.resolve({
      as: () => Promise.resolve(invitations),
      seedTeam: (teamId, team) => {
        teams.put(teamId, team);
        return Promise.resolve();
      },
      seedInvitation: (inviteId, invitation) => {
        invitations.seed(inviteId, invitation);
        return Promise.resolve();
      },
      seedUser: (uid, record) => users.create(uid, record),
      storedUser: async (uid) => {
        const record = await users.get(uid);
        return record === null ? null : { pendingTeamKeys: record.pendingTeamKeys, updatedAt: record.updatedAt };
      },
    });
  });
});
