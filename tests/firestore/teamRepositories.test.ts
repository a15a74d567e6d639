// The team, public-key and remembered-fingerprint repository contracts against the Firestore
// emulator, through the rules; teams are seeded as the callables write them (rules off).
import { doc, setDoc } from 'firebase/firestore';
import { describe } from 'vitest';
import {
  createFirestoreKnownKeysRepository,
  createFirestorePublicKeyRepository,
  createFirestoreTeamRepository,
} from '../../src/data/firestore/firestoreTeamRepositories';
import { teamRepositoryContract } from '../contract/teamRepositories.contract';
import { actorAs, firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

describe('Firestore team repositories', () => {
  teamRepositoryContract(async () => {
    await env().clearFirestore();
    return {
      as: (uid) => {
        const db = firestoreAs(env(), uid);
        return Promise.resolve({
          teams: createFirestoreTeamRepository(db, undefined, actorAs(uid)),
          publicKeys: createFirestorePublicKeyRepository(db),
          knownKeys: createFirestoreKnownKeysRepository(db),
        });
      },
      seedTeam: (teamId, team) =>
        env().withSecurityRulesDisabled(async (context) => {
          await setDoc(doc(context.firestore(), 'teams', teamId), { ...team });
        }),
      seedUser: (uid, publicKey) =>
        env().withSecurityRulesDisabled(async (context) => {
          await setDoc(doc(context.firestore(), 'users', uid), { publicKey });
        }),
      seedLegacyKnownKeys: (uid, sealed) =>
        env().withSecurityRulesDisabled(async (context) => {
          await setDoc(doc(context.firestore(), 'knownKeys', uid), { sealed, updatedAt: 1_000 });
        }),
    };
  });
});
