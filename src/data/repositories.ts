import { deviceCopyEnabled, syncedVaults } from './firebase/deviceCopy';
import { firebaseServices } from './firebase/instance';
import type { Connection } from './firestore/liveServer';
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
}

let repositories: Promise<Repositories> | undefined;

function load(): Promise<Repositories> {
  return Promise.all([
    firebaseServices().firestore(),
    firebaseServices().firestoreLite(),
    import('./firestore/litePages'),
    import('./firestore/firestoreUserRepository'),
    import('./firestore/firestoreVaultRepositories'),
    import('./firestore/firestoreTeamRepositories'),
    import('./firestore/firestoreInvitationRepository'),
  ]).then(([db, lite, litePages, users, vault, teams, invitations]) => {
    // With the device copy, a vault read whole once opens from it (docs/vault.md, "The device copy").
    const deviceCopy = deviceCopyEnabled(window.localStorage);
    const live = deviceCopy ? { synced: syncedVaults(window.localStorage) } : {};
    return {
    users: users.createFirestoreUserRepository(db, { deviceCopy }),
    passwords: vault.createFirestorePasswordRepository(db, litePages.litePageReader(lite), live),
    groups: vault.createFirestoreGroupRepository(db, live),
    teams: teams.createFirestoreTeamRepository(db, live.synced),
    publicKeys: teams.createFirestorePublicKeyRepository(db),
    knownKeys: teams.createFirestoreKnownKeysRepository(db),
    invitations: invitations.createFirestoreInvitationRepository(db),
    };
  });
}

/** Whether the server answers (the live reads' finding), for the screens' offline state. */
export async function loadConnection(): Promise<Connection> {
  const [db, { connectionOf }] = await Promise.all([firebaseServices().firestore(), import('./firestore/liveServer')]);
  return connectionOf(db);
}

/**
 * Deletes the device copy and forgets which vaults it held; the page must load again afterwards.
 * Rejects with code 'failed-precondition' while another tab of the app has the copy open.
 */
export async function clearDeviceCopy(): Promise<void> {
  await firebaseServices().clearDeviceCopy();
  syncedVaults(window.localStorage).forgetAll();
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
