// The UserRepository contract against the Firestore emulator, through the security rules.
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { createFirestoreUserRepository } from '../../src/data/firestore/firestoreUserRepository';
import { userRepositoryContract } from '../contract/userRepository.contract';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-keyloft',
    firestore: { rules: readFileSync('firestore.rules', 'utf8') },
  });
});

afterAll(async () => {
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
});

describe('FirestoreUserRepository', () => {
  userRepositoryContract((uid) =>
    Promise.resolve(createFirestoreUserRepository(env.authenticatedContext(uid).firestore() as unknown as Firestore)),
  );
});
