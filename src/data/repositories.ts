import type { AuditLogRepository } from './audit/auditLog';
import type { InvitationRepository } from './invitations/storedInvitations';
import type { KnownKeysRepository, PublicKeyRepository, TeamRepository } from './teams/storedTeams';
import type { UserRepository } from './users/userRecord';
import type { GroupRepository, PasswordRepository } from './vault/storedEntries';

// The app's repositories, on Firestore. Screens receive them through the app's services, so the
// component tier can hand in the in-memory test doubles (tests/doubles) instead.

export interface Repositories {
  readonly users: UserRepository;
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
  readonly teams: TeamRepository;
  readonly publicKeys: PublicKeyRepository;
  readonly knownKeys: KnownKeysRepository;
  readonly invitations: InvitationRepository;
  /** A team's activity log, read by its owners and admins (issue #24). */
  readonly auditLog: AuditLogRepository;
}

let repositories: Promise<Repositories> | undefined;

// Built in a chunk of its own (firestore/makeRepositories.ts): the landing page's bundle carries
// only this loader.
function load(): Promise<Repositories> {
  return import('./firestore/makeRepositories').then(({ makeRepositories }) => makeRepositories());
}

/** This browser's choice to keep the device copy, for the settings (the data layer reads it once per page load). */
export { deviceCopyEnabled, setDeviceCopyEnabled } from './firebase/deviceCopy';

export function loadRepositories(): Promise<Repositories> {
  repositories ??= load().catch((error: unknown) => {
    repositories = undefined;
    throw error;
  });
  return repositories;
}

export async function loadUserRepository(): Promise<UserRepository> {
  return (await loadRepositories()).users;
}
