// The password and group repository contracts against the Firestore emulator, through the rules.
import { describe } from 'vitest';
import {
  createFirestoreGroupRepository,
  createFirestorePasswordRepository,
} from '../../src/data/firestore/firestoreVaultRepositories';
import { groupRepositoryContract, passwordRepositoryContract } from '../contract/vaultRepositories.contract';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

describe('Firestore vault repositories', () => {
  passwordRepositoryContract(async () => {
    await env().clearFirestore();
    return (uid) => {
      const db = firestoreAs(env(), uid);
      return Promise.resolve({ passwords: createFirestorePasswordRepository(db), groups: createFirestoreGroupRepository(db) });
    };
  });
  groupRepositoryContract(async () => {
    await env().clearFirestore();
    return (uid) => Promise.resolve(createFirestoreGroupRepository(firestoreAs(env(), uid)));
  });
});
