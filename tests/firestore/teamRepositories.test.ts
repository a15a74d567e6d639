// The team, public-key and remembered-fingerprint repository contracts against the Firestore
// emulator, through the rules; teams are seeded as the callables write them (rules off).
import { disableNetwork, doc, setDoc } from 'firebase/firestore';
import { describe, expect, it, vi } from 'vitest';
import { memoryDeviceCopy } from '../../src/data/deviceCopy/store';
import {
  createFirestoreKnownKeysRepository,
  createFirestorePublicKeyRepository,
  createFirestoreTeamRepository,
} from '../../src/data/firestore/firestoreTeamRepositories';
import { sampleTeam, teamRepositoryContract } from '../contract/teamRepositories.contract';
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

describe('Firestore team repository with the device copy', () => {
  it('offline, the team list comes from the copy in the order the server gave it: by name, then id', async () => {
    await env().clearFirestore();
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'teams', 'a1'), { ...sampleTeam('Zeta', { ana: 'owner' }) });
      await setDoc(doc(context.firestore(), 'teams', 'b2'), { ...sampleTeam('Alpha', { ana: 'full' }) });
      await setDoc(doc(context.firestore(), 'teams', 'c3'), { ...sampleTeam('Émile', { ana: 'view' }) });
    });
    const db = firestoreAs(env(), 'ana');
    const copy = memoryDeviceCopy();
    const teams = createFirestoreTeamRepository(db, copy, actorAs('ana'));
    const order = ['b2', 'a1', 'c3'];
    expect((await teams.listForMember('ana')).map((team) => team.id)).toEqual(order);
    await vi.waitFor(async () => {
      expect(await copy.count('teams:ana')).toBe(3);
    });
    await disableNetwork(db);
    expect((await teams.listForMember('ana')).map((team) => team.id)).toEqual(order);
  });
});
