import type { Repositories } from './repositories';
import type { UserRepository } from './users/userRecord';

// Loads the app's repositories on Firestore, once per page (a failed load is tried again at the
// next call). A module apart from repositories.ts, which declares the set, so that the Firestore
// side that builds the set imports its type from there without an import circle.

let repositories: Promise<Repositories> | undefined;

// Built in a chunk of its own (firestore/makeRepositories.ts): the landing page's bundle carries
// only this loader.
function load(): Promise<Repositories> {
  return import('./firestore/makeRepositories').then(({ makeRepositories }) => makeRepositories());
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
