// The UserRepository contract against the Firestore emulator, through the security rules.
import { beforeEach, describe } from 'vitest';
import { createFirestoreUserRepository } from '../../src/data/firestore/firestoreUserRepository';
import { userRepositoryContract } from '../contract/userRepository.contract';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

beforeEach(async () => {
  await env().clearFirestore();
});

describe('FirestoreUserRepository', () => {
  userRepositoryContract((uid) => Promise.resolve(createFirestoreUserRepository(firestoreAs(env(), uid))));
});
