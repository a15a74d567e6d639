import { firebaseServices } from './firebase/instance';
import type { UserRepository } from './users/userRecord';
import type { GroupRepository, PasswordRepository } from './vault/storedEntries';

// The app's repositories, on Firestore. Screens receive them through the app's services, so the
// component tier can hand in the in-memory test doubles (tests/doubles) instead.

export interface Repositories {
  readonly users: UserRepository;
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
}

let repositories: Promise<Repositories> | undefined;

function load(): Promise<Repositories> {
  return Promise.all([
    firebaseServices().firestore(),
    import('./firestore/firestoreUserRepository'),
    import('./firestore/firestoreVaultRepositories'),
  ]).then(([db, { createFirestoreUserRepository }, { createFirestorePasswordRepository, createFirestoreGroupRepository }]) => ({
    users: createFirestoreUserRepository(db),
    passwords: createFirestorePasswordRepository(db),
    groups: createFirestoreGroupRepository(db),
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
