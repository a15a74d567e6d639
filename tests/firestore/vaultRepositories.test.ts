// The password and group repository contracts against the Firestore emulator, through the rules.
import { describe, expect, it } from 'vitest';
import {
  createFirestoreGroupRepository,
  createFirestorePasswordRepository,
} from '../../src/data/firestore/firestoreVaultRepositories';
import { doc, getDoc, setDoc, type Firestore } from 'firebase/firestore';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { GoneError, RevisionConflictError, WriteRefusedError } from '../../src/data/vault/storedEntries';
import {
  groupRepositoryContract,
  malformedDocumentsContract,
  passwordRepositoryContract,
  createdInTeam,
  groupCreatedInTeam,
  sampleTeamEntry,
  sampleTeamGroup,
  teamEvents,
  teamVaultRepositoriesContract,
  type ContractTeam,
} from '../contract/vaultRepositories.contract';
import { liveReadsContract } from '../contract/liveReads.contract';
import { sampleTeam } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { actorAs, firestoreAs, useRulesEnvironment } from './rulesEnvironment';

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
  liveReadsContract(seedTeams);
  // The malformed documents are written with the rules disabled: the rules would refuse them.
  malformedDocumentsContract(async (teams) => ({
    as: await seedTeams(teams),
    plant: (collection, id, data) =>
      env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore() as unknown as Firestore, collection, id), data);
      }),
  }));

  describe('revisions on Firestore', () => {
    const team: ContractTeam = { teamId: 'team-revisions', keyVersion: 2, roles: { ana: 'owner', vic: 'view' } };

    it('an entry and a group stored before revisions read as revision 0 and are written at 1', async () => {
      const as = await seedTeams([team]);
      await env().withSecurityRulesDisabled(async (context) => {
        const db = context.firestore() as unknown as Firestore;
        const { revision: _entry, ...entry } = sampleTeamEntry(team, 'ana', 'Old');
        const { revision: _group, ...group } = sampleTeamGroup(team, 'Old group');
        await setDoc(doc(db, 'passwords', 'legacy-entry'), entry);
        await setDoc(doc(db, 'groups', 'legacy-group'), group);
      });
      const ana = await as('ana');
      expect((await ana.passwords.listTeam(team.teamId))[0]?.data.revision).toBe(0);
      expect((await ana.groups.listTeam(team.teamId))[0]?.data.revision).toBe(0);
      await ana.passwords.update('legacy-entry', { title: 'Revised', keyVersion: 2 }, 2_000, 0, teamEvents.edited('legacy-entry'));
      await ana.groups.update('legacy-group', { name: 'Revised group' }, 2_000, 0, teamEvents.groupEdited('legacy-group'));
      expect((await ana.passwords.listTeam(team.teamId))[0]?.data).toMatchObject({ title: 'Revised', revision: 1 });
      expect((await ana.groups.listTeam(team.teamId))[0]?.data).toMatchObject({ name: 'Revised group', revision: 1 });
    });

    // The matrix runs only against seeded documents; the read of an absent one is proven here
    // (docs/rules.md, "Revisions"): allowed signed in, denied signed out, and a document that
    // exists stays its owner's or team's.
    it('an absent entry or group id reads as absent to anyone signed in, not to a signed-out visitor', async () => {
      await seedTeams([team]);
      const stranger = firestoreAs(env(), 'stranger');
      for (const path of ['passwords/no-such-entry', 'groups/no-such-group']) {
        const read = await assertSucceeds(getDoc(doc(stranger, path)));
        expect(read.exists()).toBe(false);
        await assertFails(getDoc(doc(env().unauthenticatedContext().firestore() as unknown as Firestore, path)));
      }
      const ana = await (await seedTeams([team]))('ana');
      const id = ana.passwords.newId();
      await ana.passwords.create(id, sampleTeamEntry(team, 'ana', 'Shared'), teamEvents.created(id));
      await assertFails(getDoc(doc(stranger, `passwords/${id}`)));
    });

    it('tells a deletion, a conflict and a refusal apart, even for a member who may not write', async () => {
      const as = await seedTeams([team]);
      const ana = await as('ana');
      const vic = await as('vic');
      const id = ana.passwords.newId();
      await ana.passwords.create(id, sampleTeamEntry(team, 'ana', 'Shared'), teamEvents.created(id));
      await ana.passwords.update(id, { title: 'Changed' }, 2_000, 1, teamEvents.edited(id));
      await expect(vic.passwords.update(id, { title: 'Vic’s' }, 3_000, 2, teamEvents.edited(id))).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(ana.passwords.update(id, { title: 'Stale' }, 3_000, 1, teamEvents.edited(id))).rejects.toBeInstanceOf(RevisionConflictError);
      await ana.passwords.delete(id, 2, teamEvents.deleted(id));
      await expect(ana.passwords.update(id, { title: 'Back' }, 3_000, 2, teamEvents.edited(id))).rejects.toBeInstanceOf(GoneError);
      await expect(vic.passwords.delete(id, 2, teamEvents.deleted(id))).rejects.toBeInstanceOf(GoneError);
    });

    it('of two writes racing on one revision, one lands and the other is a conflict carrying it', async () => {
      const as = await seedTeams([team]);
      const ana = await as('ana');
      const other = await as('ana');
      const id = ana.passwords.newId();
      await ana.passwords.create(id, sampleTeamEntry(team, 'ana', 'Shared'), teamEvents.created(id));
      const results = await Promise.allSettled([
        ana.passwords.update(id, { title: 'Tab one' }, 2_000, 1, teamEvents.edited(id)),
        other.passwords.update(id, { title: 'Tab two' }, 2_000, 1, teamEvents.edited(id)),
      ]);
      const landed = results.filter((result) => result.status === 'fulfilled');
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      expect(landed).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(RevisionConflictError);
      const stored = (await ana.passwords.listTeam(team.teamId))[0]?.data;
      expect(stored?.revision).toBe(2);
      expect((refused[0] as RevisionConflictError<{ revision: number; title: string }>).current.data.title).toBe(stored?.title);
    });
  });

  // Only Firestore checks roles and key versions: the doubles do not, so these are not contract cases.
  describe('writes the rules refuse reject with WriteRefusedError', () => {
    const team: ContractTeam = { teamId: 'team-refusing', keyVersion: 2, roles: { ana: 'owner', vic: 'view' } };

    it('a View Only member’s create, update and delete', async () => {
      const as = await seedTeams([team]);
      const ana = await as('ana');
      const id = ana.passwords.newId();
      await ana.passwords.create(id, sampleTeamEntry(team, 'ana', 'Shared'), teamEvents.created(id));
      const vic = await as('vic');
      await expect(createdInTeam(vic.passwords, sampleTeamEntry(team, 'vic', 'Mine'))).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(vic.passwords.update(id, { title: 'Renamed' }, 3_000, 1, teamEvents.edited(id))).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(vic.passwords.delete(id, 1, teamEvents.deleted(id))).rejects.toBeInstanceOf(WriteRefusedError);
      await expect(groupCreatedInTeam(vic.groups, sampleTeamGroup(team, 'G'))).rejects.toBeInstanceOf(WriteRefusedError);
      expect((await vic.passwords.listTeam(team.teamId)).map((entry) => entry.data.title)).toEqual(['Shared']);
    });

    it('ungrouping an entry not yet re-encrypted (older keyVersion) is refused, and the group stays', async () => {
      const as = await seedTeams([team]);
      const ana = await as('ana');
      const group = ana.groups.newId();
      await ana.groups.create(group, sampleTeamGroup(team, 'Servers'), teamEvents.groupCreated(group));
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
    return { passwords: createFirestorePasswordRepository(db, undefined, {}, actorAs(uid)), groups: createFirestoreGroupRepository(db, {}, actorAs(uid)) };
  };
}
