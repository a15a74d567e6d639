// The password and group repository contracts against the Firestore emulator, through the rules.
import { describe } from 'vitest';
import {
  createFirestoreGroupRepository,
  createFirestorePasswordRepository,
} from '../../src/data/firestore/firestoreVaultRepositories';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import {
  groupRepositoryContract,
  passwordRepositoryContract,
  teamVaultRepositoriesContract,
} from '../contract/vaultRepositories.contract';
import { sampleTeam } from './matrix/teamSeed';
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
  // Teams seeded with rules disabled, as the callables would have written them; members then act
  // through their own tokens, so every read and write passes the team rules.
  teamVaultRepositoriesContract(async (teams) => {
    await env().clearFirestore();
    await env().withSecurityRulesDisabled(async (context) => {
      const db = context.firestore() as unknown as Firestore;
      for (const team of teams) {
        const owner = Object.entries(team.roles).find(([, role]) => role === 'owner')?.[0] ?? 'nobody';
        await setDoc(doc(db, 'teams', team.teamId), sampleTeam(owner, team.teamId, team.roles, { keyVersion: team.keyVersion }));
      }
    });
    return (uid) => {
      const db = firestoreAs(env(), uid);
      return Promise.resolve({ passwords: createFirestorePasswordRepository(db), groups: createFirestoreGroupRepository(db) });
    };
  });
});
