// Issue #17 item 5: a group-delete retry that had in fact completed (the reply was lost) reports
// success, not 'Failed to delete group'. The conditional delete reads the group first and finds
// nothing (GoneError); the vault service counts a delete of a group that is gone as done.
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, generateTeamKey, type TeamKey, type VaultKey } from '../../src/crypto';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../src/data/firestore/firestoreVaultRepositories';
import { GoneError } from '../../src/data/vault/storedEntries';
import { createGroup, deleteGroup, loadGroups, type VaultDeps } from '../../src/features/vault/vaultService';
import { sampleTeam } from './matrix/teamSeed';
import { seedLiveTrial } from './planSeed';
import { actorAs, firestoreAs, useRulesEnvironment } from './rulesEnvironment';

const env = useRulesEnvironment();

let vaultKey: VaultKey;
let teamKey: TeamKey;
beforeAll(async () => {
  ({ vaultKey } = await createAccountKeys('master password'));
  teamKey = await generateTeamKey();
});

function repos(uid: string) {
  const db = firestoreAs(env(), uid);
  return { passwords: createFirestorePasswordRepository(db, undefined, {}, actorAs(uid)), groups: createFirestoreGroupRepository(db, {}, actorAs(uid)) };
}

describe('deleting a group that is already gone', () => {
  it('personal: the second delete succeeds; another user’s group is never deleted', async () => {
    await env().clearFirestore();
    await seedLiveTrial(env(), 'ana');
    await seedLiveTrial(env(), 'bob');
    const deps: VaultDeps = { ...repos('ana'), vaultKey, userId: 'ana', now: () => Date.now() - 60_000 };
    const group = await createGroup(deps, { name: 'Work', description: '' });
    await deleteGroup(deps, group);
    // The raw delete of a missing document finds it gone: that is what a retry meets.
    await expect(deps.groups.delete(group.id, group.revision)).rejects.toBeInstanceOf(GoneError);
    await expect(deleteGroup(deps, group)).resolves.toBeUndefined();
    expect(await loadGroups(deps)).toEqual([]);

    const bobs = await createGroup({ ...repos('bob'), vaultKey, userId: 'bob', now: () => Date.now() - 60_000 }, { name: 'Bob’s', description: '' });
    // Ana cannot see Bob's group, so she cannot tell it is there; the rules refuse her delete and
    // her list does not show it. What matters: his group is not deleted.
    await deleteGroup(deps, bobs).catch(() => undefined);
    expect((await loadGroups({ ...repos('bob'), vaultKey, userId: 'bob', now: () => 0 })).map((g) => g.id)).toEqual([bobs.id]);
  });

  it('team: the second delete succeeds for a Full Access member; a View Only member is still refused', async () => {
    await env().clearFirestore();
    const team = sampleTeam('ana', 'Ops', { ana: 'owner', bob: 'full', vic: 'view' });
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore() as unknown as Firestore, 'teams', 'team-1'), team);
    });
    const as = (uid: string, role: 'owner' | 'full' | 'view'): VaultDeps => ({
      ...repos(uid),
      userId: uid,
      team: { teamId: 'team-1', key: teamKey, keyVersion: team.keyVersion, role },
      now: () => Date.now() - 60_000,
    });
    const bob = as('bob', 'full');
    const group = await createGroup(bob, { name: 'Servers', description: '' });
    await deleteGroup(bob, group);
    await expect(deleteGroup(bob, group)).resolves.toBeUndefined();

    const other = await createGroup(bob, { name: 'CI', description: '' });
    await expect(deleteGroup(as('vic', 'view'), other)).rejects.toThrow();
    expect((await loadGroups(bob)).map((g) => g.id)).toEqual([other.id]);
  });
});
