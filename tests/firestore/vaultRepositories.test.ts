// The password and group repository contracts against the Firestore emulator, through the rules.
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  createFirestoreGroupRepository,
  createFirestorePasswordRepository,
} from '../../src/data/firestore/firestoreVaultRepositories';
import { groupRepositoryContract, passwordRepositoryContract } from '../contract/vaultRepositories.contract';

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

const dbFor = (uid: string) => env.authenticatedContext(uid).firestore() as unknown as Firestore;

describe('Firestore vault repositories', () => {
  passwordRepositoryContract(async () => {
    await env.clearFirestore();
    return (uid) => Promise.resolve(createFirestorePasswordRepository(dbFor(uid)));
  });
  groupRepositoryContract(async () => {
    await env.clearFirestore();
    return (uid) => Promise.resolve(createFirestoreGroupRepository(dbFor(uid)));
  });
});
