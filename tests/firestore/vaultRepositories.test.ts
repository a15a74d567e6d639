// The password and group repository contracts against the Firestore emulator, through the rules.
import { describe, expect, it } from 'vitest';
import {
  createFirestoreGroupRepository,
  createFirestorePasswordRepository,
} from '../../src/data/firestore/firestoreVaultRepositories';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { WriteRefusedError } from '../../src/data/vault/storedEntries';
import {
  groupRepositoryContract,
  malformedDocumentsContract,
  passwordRepositoryContract,
  sampleTeamEntry,
  sampleTeamGroup,
  teamVaultRepositoriesContract,
  type ContractTeam,
} from '../contract/vaultRepositories.contract';
import { sampleTeam } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

describe('Firestore vault repositories', () => {
  // Every user the contracts act as is on a live trial: new personal entries and groups need paid
  // access (docs/rules.md, "Plan limits"), which these contracts are not about.
  passwordRepositoryContract(async () => {
    await env().clearFirestore();
    return async (uid) => {
      await seedLiveTrial(env(), uid);
      const db = firestoreAs(env(), uid);
      return { passwords: createFirestorePasswordRepository(db), groups: createFirestoreGroupRepository(db) };
    };
  });
  groupRepositoryContract(async () => {
    await env().clearFirestore();
    return async (uid) => {
      await seedLiveTrial(env(), uid);
      return createFirestoreGroupRepository(firestoreAs(env(), uid));
    };
  });
  // Members act through their own tokens, so every read and write passes the team rules.
  teamVaultRepositoriesContract(seedTeams);
  // The malformed documents are written with the rules disabled: the rules would refuse them.
  malformedDocumentsContract(async (teams) => ({
    as: await seedTeams(teams),
    plant: (collection, id, data) =>
      env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore() as unknown as Firestore, collection, id), data);
      }),
  }));

  // Only Firestore checks roles and key versions: the doubles do not, so these are not contract cases.
  describe('writes the rules refuse reject with WriteRefusedError', () => {
    const team: ContractTeam = { teamId: 'team-refusing', keyVersion: 2, roles: { ana: 'owner', vic: 'view' } };

    it('a View Only member’s create, update and delete', async () => {
      const as = await seedTeams([team]);
      const ana = await as('ana');
      const id = ana.passwords.newId();
      await ana.passwords.create(id, sampleTeamEntry(team, 'ana', 'Shared'));
      const vic = await as('vic');
      await expect(vic.passwords.create(vic.passwords.newId(), sampleTeamEntry(team, 'vic', 'Mine'))).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(vic.passwords.update(id, { title: 'Renamed' }, 3_000)).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(vic.passwords.delete(id)).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(vic.groups.create(vic.groups.newId(), sampleTeamGroup(team, 'G'))).rejects.toBeInstanceOf(WriteRefusedError);
      expect((await vic.passwords.listTeam(team.teamId)).map((entry) => entry.data.title)).toEqual(['Shared']);
    });

    it('ungrouping an entry not yet re-encrypted (older keyVersion) is refused, and the group stays', async () => {
      const as = await seedTeams([team]);
      const ana = await as('ana');
      const group = ana.groups.newId();
      await ana.groups.create(group, sampleTeamGroup(team, 'Servers'));
      await env().withSecurityRulesDisabled(async (context) => {
        const db = context.firestore() as unknown as Firestore;
        await setDoc(doc(db, 'passwords', 'old-entry'), sampleTeamEntry(team, 'ana', 'Old', { keyVersion: 1, groupId: group }));
      });
      await expect(ana.passwords.ungroupTeam(team.teamId, group, 4_000)).rejects.toBeInstanceOf(WriteRefusedError);
      expect((await ana.passwords.listTeam(team.teamId))[0]?.data.groupId).toBe(group);
    });
  });
});

/** Teams seeded with rules disabled, as the callables would have written them. */
async function seedTeams(teams: readonly ContractTeam[]) {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    for (const team of teams) {
      const owner = Object.entries(team.roles).find(([, role]) => role === 'owner')?.[0] ?? 'nobody';
      await setDoc(doc(db, 'teams', team.teamId), sampleTeam(owner, team.teamId, team.roles, { keyVersion: team.keyVersion }));
    }
  });
  return async (uid: string) => {
    await seedLiveTrial(env(), uid);
    const db = firestoreAs(env(), uid);
    return { passwords: createFirestorePasswordRepository(db), groups: createFirestoreGroupRepository(db) };
  };
}
