// The PasskeyRepository contract against the Firestore emulator, through the security rules.
import { beforeEach, describe } from 'vitest';
import { createFirestorePasskeyRepository } from '../../src/data/firestore/firestorePasskeyRepository';
import { createFirestoreUserRepository } from '../../src/data/firestore/firestoreUserRepository';
import { passkeyRepositoryContract } from '../contract/passkeyRepository.contract';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

beforeEach(async () => {
  await env().clearFirestore();
});

describe('FirestorePasskeyRepository', () => {
  passkeyRepositoryContract((uid) => {
    const db = firestoreAs(env(), uid, { email: `${uid}@example.com` });
    return Promise.resolve({ passkeys: createFirestorePasskeyRepository(db), users: createFirestoreUserRepository(db) });
  });
});
