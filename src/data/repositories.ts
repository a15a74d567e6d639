import { firebaseServices } from './firebase/instance';
import type { UserRepository } from './users/userRecord';

// The one switch between Firestore and the in-memory repositories. __LOCAL_MODE__ is a build-time
// constant, so a production build keeps only the Firestore branch (checked by check-bundle.mjs).

let users: Promise<UserRepository> | undefined;

export function loadUserRepository(): Promise<UserRepository> {
  users ??= __LOCAL_MODE__
    ? import('./memory/memoryUserRepository').then(({ MemoryUserRepository }) => new MemoryUserRepository(window.sessionStorage))
    : Promise.all([firebaseServices().firestore(), import('./firestore/firestoreUserRepository')]).then(
        ([db, { createFirestoreUserRepository }]) => createFirestoreUserRepository(db),
      );
  return users;
}
