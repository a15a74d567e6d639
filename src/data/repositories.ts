import { firebaseServices } from './firebase/instance';
import type { UserRepository } from './users/userRecord';
import type { GroupRepository, PasswordRepository } from './vault/storedEntries';

// The one switch between Firestore and the in-memory repositories. __LOCAL_MODE__ is a build-time
// constant, so a production build keeps only the Firestore branch (checked by check-bundle.mjs).

export interface Repositories {
  readonly users: UserRepository;
  readonly passwords: PasswordRepository;
  readonly groups: GroupRepository;
}

let repositories: Promise<Repositories> | undefined;

function load(): Promise<Repositories> {
  if (__LOCAL_MODE__) {
    return Promise.all([import('./memory/memoryUserRepository'), import('./memory/memoryVaultRepositories')]).then(
      ([{ MemoryUserRepository }, { MemoryPasswordRepository, MemoryGroupRepository }]) => ({
        users: new MemoryUserRepository(window.sessionStorage),
        passwords: new MemoryPasswordRepository(window.sessionStorage),
        groups: new MemoryGroupRepository(window.sessionStorage),
      }),
    );
  }
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
