import type { AuditLogRepository } from './audit/auditLog';
import type { PasskeyRepository } from './passkeys/storedPasskeys';
import type { InvitationRepository } from './invitations/storedInvitations';
import type { KnownKeysRepository, PublicKeyRepository, TeamRepository } from './teams/storedTeams';
import type { UserRepository } from './users/userRecord';
import type { GroupRepository, PasswordRepository } from './vault/storedEntries';

// The app's repositories: on Firestore (firestore/makeRepositories.ts, loaded by
// loadRepositories.ts), or in the component tier the in-memory test doubles (tests/doubles).
// Screens receive them through the app's services.

export interface Repositories {
  readonly users: UserRepository;
  /** The user's passkeys for unlocking (issue #46). */
  readonly passkeys: PasskeyRepository;
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
  readonly teams: TeamRepository;
  readonly publicKeys: PublicKeyRepository;
  readonly knownKeys: KnownKeysRepository;
  readonly invitations: InvitationRepository;
  /** A team's activity log, read by its owners and admins (issue #24). */
  readonly auditLog: AuditLogRepository;
}

/** This browser's choice to keep the device copy, for the settings (the data layer reads it once per page load). */
export { deviceCopyEnabled, setDeviceCopyEnabled } from './firebase/deviceCopy';
