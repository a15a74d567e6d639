import type { Repositories } from '../../src/data/repositories';
import { MemoryAuditLogRepository } from './memoryAuditLogRepository';
import { FakeInvitationFunctions, type InvitationAccount } from './fakeInvitationFunctions';
import { FakeTeamFunctions, type FakeAccount } from './fakeTeamFunctions';
import { MemoryInvitationRepository } from './memoryInvitationRepository';
import { MemoryKnownKeysRepository, MemoryPublicKeyRepository, MemoryTeamRepository } from './memoryTeamRepositories';
import { MemoryPasskeyRepository } from './memoryPasskeyRepository';
import { MemoryUserRepository } from './memoryUserRepository';
import { MemoryGroupRepository, MemoryPasswordRepository, type RecordedEvent } from './memoryVaultRepositories';

/** A fresh in-memory data layer with the app's repository interfaces. */
export interface MemoryRepositories extends Repositories {
  readonly passwords: MemoryPasswordRepository;
  readonly groups: MemoryGroupRepository;
  readonly teams: MemoryTeamRepository;
  readonly publicKeys: MemoryPublicKeyRepository;
  readonly users: MemoryUserRepository;
  readonly passkeys: MemoryPasskeyRepository;
  readonly invitations: MemoryInvitationRepository;
  readonly auditLog: MemoryAuditLogRepository;
}

export function memoryRepositories(): MemoryRepositories {
  const users = new MemoryUserRepository();
  const teams = new MemoryTeamRepository();
  // One activity log for entry and group writes (issue #24), as one events collection per team.
  const events: RecordedEvent[] = [];
  return {
    users,
    passkeys: new MemoryPasskeyRepository(),
    passwords: new MemoryPasswordRepository(events),
    groups: new MemoryGroupRepository(events),
    teams,
    publicKeys: new MemoryPublicKeyRepository(),
    knownKeys: new MemoryKnownKeysRepository(),
    invitations: new MemoryInvitationRepository(users, teams),
    auditLog: new MemoryAuditLogRepository(),
  };
}

/** The team callables' stand-in over these repositories, acting as `uid`; `accounts` give createTeam the owner's address. */
export function fakeTeamFunctions(repositories: MemoryRepositories, uid: () => string, accounts: readonly FakeAccount[] = []): FakeTeamFunctions {
  return new FakeTeamFunctions(uid, repositories.teams, repositories.passwords, repositories.users, accounts);
}

/** The invitation callables' stand-in over these repositories, acting as `uid`; `accounts` are who has an account. */
export function fakeInvitationFunctions(
  repositories: MemoryRepositories,
  uid: () => string,
  accounts: readonly InvitationAccount[] = [],
): FakeInvitationFunctions {
  return new FakeInvitationFunctions(uid, repositories.invitations, repositories.teams, repositories.users, [...accounts]);
}
