import { firebaseServices } from './firebase/instance';
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
  ]).then(([db, lite, litePages, users, vault, teams, invitations]) => ({
    users: users.createFirestoreUserRepository(db),
    passwords: vault.createFirestorePasswordRepository(db, litePages.litePageReader(lite)),
    groups: vault.createFirestoreGroupRepository(db),
    teams: teams.createFirestoreTeamRepository(db),
    publicKeys: teams.createFirestorePublicKeyRepository(db),
    knownKeys: teams.createFirestoreKnownKeysRepository(db),
    invitations: invitations.createFirestoreInvitationRepository(db),
  }));
}

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
