// The team, public-key and remembered-fingerprint repository contracts against the Firestore
// emulator, through the rules; teams are seeded as the callables write them (rules off).
import { disableNetwork, doc, enableNetwork, setDoc } from 'firebase/firestore';
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

  it('offline, the list from the copy is marked as the device’s; online again, the server’s is not', async () => {
    await env().clearFirestore();
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'teams', 'a1'), { ...sampleTeam('Ops', { ana: 'owner' }) });
    });
    const db = firestoreAs(env(), 'ana');
    const copy = memoryDeviceCopy();
    const teams = createFirestoreTeamRepository(db, copy, actorAs('ana'));
    expect(await teams.listing('ana')).toMatchObject({ fromDevice: false, malformed: [], left: [] });
    await vi.waitFor(async () => {
      expect(await copy.count('teams:ana')).toBe(1);
    });
    await disableNetwork(db);
    const offline = await teams.listing('ana');
    expect(offline.fromDevice).toBe(true);
    expect(offline.teams.map((team) => team.id)).toEqual(['a1']);
    await enableNetwork(db);
    expect((await teams.listing('ana')).fromDevice).toBe(false);
  });

  it('a malformed team document among good ones: the good teams listed, the bad one flagged (issue #41 item 7)', async () => {
    await env().clearFirestore();
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'teams', 'a1'), { ...sampleTeam('Ops', { ana: 'owner' }) });
      await setDoc(doc(context.firestore(), 'teams', 'b2'), { ...sampleTeam('Broken', { ana: 'full' }), keyVersion: 'two' });
      await setDoc(doc(context.firestore(), 'teams', 'c3'), { ...sampleTeam('Dev', { ana: 'view' }) });
    });
    const teams = createFirestoreTeamRepository(firestoreAs(env(), 'ana'), memoryDeviceCopy(), actorAs('ana'));
    const listing = await teams.listing('ana');
    expect(listing.teams.map((team) => [team.id, team.data.name])).toEqual([
      ['c3', 'Dev'],
      ['a1', 'Ops'],
    ]);
    expect(listing.malformed).toEqual([{ id: 'b2', name: 'Broken', problem: 'field "keyVersion" is missing or has the wrong type' }]);
    expect((await teams.listForMember('ana')).map((team) => team.id)).toEqual(['c3', 'a1']);
  });

  it('a member removed from a team: the next list from the server drops the team’s vaults from the copy and names it once (issue #41 item 3)', async () => {
    await env().clearFirestore();
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'teams', 'a1'), { ...sampleTeam('Ops', { ana: 'owner', bob: 'full' }) });
      await setDoc(doc(context.firestore(), 'teams', 'c3'), { ...sampleTeam('Dev', { ana: 'owner', bob: 'full' }) });
    });
    const copy = memoryDeviceCopy();
    const teams = createFirestoreTeamRepository(firestoreAs(env(), 'bob'), copy, actorAs('bob'));
    await teams.get('a1');
    await teams.listMemberKeys('a1');
    await teams.get('c3');
    await copy.keep('entries:team:a1', [['e1', { sealed: 'ciphertext' }]]);
    await copy.keep('groups:team:a1', [['g1', { sealed: 'ciphertext' }]]);
    expect((await teams.listing('bob')).left).toEqual([]);
    await vi.waitFor(async () => {
      expect(await copy.vaultKeys()).toEqual(['entries:team:a1', 'groups:team:a1', 'memberKeys:a1', 'team:a1', 'team:c3', 'teams:bob']);
    });
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'teams', 'a1'), { ...sampleTeam('Ops', { ana: 'owner' }) });
    });
    const after = await teams.listing('bob');
    expect(after.teams.map((team) => team.id)).toEqual(['c3']);
    expect(after.left).toEqual([{ id: 'a1', name: 'Ops' }]);
    expect(await copy.vaultKeys()).toEqual(['team:c3', 'teams:bob']);
    expect((await teams.listing('bob')).left).toEqual([]);
  });
});
