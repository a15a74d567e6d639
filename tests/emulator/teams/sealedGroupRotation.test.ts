// Issue #18 item 3 on the emulators: a sealed team group is bound to the team key version, so a
// rotation must re-seal it. The deployed finishKeyRotation refuses to drop the old key while a sealed
// group is still at the old version (a client that does not re-seal groups loses nothing), and a run
// that has the groups repository re-seals it and finishes; every remaining member opens it after.
import { signInWithEmailAndPassword } from 'firebase/auth';
import { httpsCallable } from 'firebase/functions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccountKeys, openPreviousTeamKey } from '../../../src/crypto';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createTeamFunctions, type CallableInvoker } from '../../../src/data/functions/teamFunctions';
import { createFirestoreKnownKeysRepository, createFirestorePublicKeyRepository, createFirestoreTeamRepository } from '../../../src/data/firestore/firestoreTeamRepositories';
import { createFirestoreInvitationRepository } from '../../../src/data/firestore/firestoreInvitationRepository';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../../src/data/firestore/firestoreVaultRepositories';
import type { InvitationFunctions, InvitationPreview, InviteResult } from '../../../src/data/invitations/storedInvitations';
import { rotateIfNeeded } from '../../../src/features/teams/rotation';
import { createTeamInvitationsApi, type TeamInvitationDeps } from '../../../src/features/teams/teamInvitations';
import { openTeamKey } from '../../../src/features/teams/teamKeys';
import { createTeamsApi, grantKey, prepareGrant, removeMember } from '../../../src/features/teams/teamService';
import { createGroup, loadGroups, type TeamVaultDeps } from '../../../src/features/vault/vaultService';
import { createAccount, markEmailVerified, uniqueEmail } from '../../support/authEmulator';
import { db, subscription } from './support';

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
const PASSWORD = 'correct horse battery';

interface Member {
  readonly uid: string;
  readonly email: string;
  readonly deps: TeamInvitationDeps;
}

function invitationFunctions(invoke: CallableInvoker): InvitationFunctions {
  return {
    inviteTeamMember: async (input) => (await invoke('inviteTeamMember', input)) as InviteResult,
    sendInvitationEmailWithSecret: async (input) => {
      await invoke('sendInvitationEmailWithSecret', input);
    },
    lookupInvitation: async (input) => (await invoke('lookupInvitation', input)) as InvitationPreview,
    acceptInvitation: async (input) => (await invoke('acceptInvitation', input)) as { success: boolean; teamId: string | null },
    declineInvitation: async (input) => {
      await invoke('declineInvitation', input);
    },
    cancelInvitation: async (input) => {
      await invoke('cancelInvitation', input);
    },
  };
}

/** A real account with a verified address and its own signed-in SDK; its deps include the groups repository. */
async function member(label: string): Promise<Member> {
  const email = uniqueEmail(label);
  const { localId: uid } = await createAccount(email, PASSWORD);
  await markEmailVerified(uid);
  const account = await createAccountKeys(`${label} master password`);
  const publicKey = account.stored.publicKey;
  await db().collection('users').doc(uid).set({ email, publicKey, teamIds: [], pendingTeamKeys: {}, subscription: subscription('unlimited') });
  await db().collection('publicKeys').doc(uid).set({ publicKey, createdAt: Date.now() });
  const services = createFirebaseServices(config, `sealed-groups-${label}-${uid}`);
  await signInWithEmailAndPassword(await services.auth(), email, PASSWORD);
  const [firestore, functions] = await Promise.all([services.firestore(), services.functions()]);
  const invoke: CallableInvoker = async (name, data) => (await httpsCallable(functions, name, { timeout: 70_000 })(data)).data;
  return {
    uid,
    email,
    deps: {
      teams: createFirestoreTeamRepository(firestore),
      publicKeys: createFirestorePublicKeyRepository(firestore),
      knownKeys: createFirestoreKnownKeysRepository(firestore),
      passwords: createFirestorePasswordRepository(firestore),
      groups: createFirestoreGroupRepository(firestore),
      functions: createTeamFunctions(invoke),
      invitations: createFirestoreInvitationRepository(firestore),
      invitationFunctions: invitationFunctions(invoke),
      appOrigin: 'http://127.0.0.1:5173',
      userId: uid,
      ownPublicKey: publicKey,
      keys: { vaultKey: account.vaultKey, privateKey: account.privateKey },
      now: () => Date.now(),
    },
  };
}

/** The team vault as a member's browser opens it now: the current key, and the previous one during a rotation. */
async function teamVault({ deps }: Member, teamId: string): Promise<TeamVaultDeps> {
  const team = await deps.teams.get(teamId);
  if (!team) throw new Error('no team');
  const key = await openTeamKey(team, teamId, deps.userId, deps.keys);
  const previousKey = team.previousKey ? await openPreviousTeamKey(team.previousKey.sealed, key, { teamId, keyVersion: team.previousKey.version }) : null;
  return {
    passwords: deps.passwords,
    groups: deps.groups!,
    userId: deps.userId,
    team: { teamId, key, keyVersion: team.keyVersion, role: team.members[deps.userId]!.role, previousKey },
    sealedFormat: true,
    now: () => Date.now(),
  };
}

let owner: Member;
let bob: Member;
let cid: Member;
beforeAll(async () => {
  [owner, bob, cid] = await Promise.all([member('sg-owner'), member('sg-bob'), member('sg-cid')]);
}, 60_000);

describe('sealed team groups through a key rotation, on the emulators', () => {
  it('the finish waits for the sealed group; a run with the groups repository re-seals it and finishes', async () => {
    await createTeamsApi(owner.deps).create({ name: 'Sealed groups' });
    const [listed] = await owner.deps.teams.listForMember(owner.uid);
    const teamId = listed!.id;
    const invitations = createTeamInvitationsApi(owner.deps);
    for (const person of [bob, cid]) {
      const step = await invitations.invite(teamId, person.email, 'full');
      if (step.kind !== 'link') throw new Error(`unexpected invite step ${step.kind}`);
      await person.deps.invitationFunctions.acceptInvitation({ inviteId: step.inviteId });
      await grantKey(owner.deps, teamId, await prepareGrant(owner.deps, teamId, person.uid));
    }
    const created = await createGroup(await teamVault(owner, teamId), { name: 'Servers', description: 'prod' });
    expect((await owner.deps.groups!.listTeam(teamId))[0]?.data).toMatchObject({ format: 2, keyVersion: 1 });

    // A client without the groups repository rotates and re-encrypts the (no) entries; the server
    // refuses to drop the old key while the sealed group is at version 1.
    const { groups: _groups, ...withoutGroups } = owner.deps;
    await expect(removeMember(withoutGroups, teamId, cid.uid)).rejects.toThrow('Some team passwords are still encrypted with the previous team key');
    const halfway = await owner.deps.teams.get(teamId);
    expect(halfway).toMatchObject({ keyVersion: 2, previousKey: { version: 1 } });
    expect((await loadGroups(await teamVault(bob, teamId))).map((group) => [group.id, group.name, group.undecryptable ?? false])).toEqual([[created.id, 'Servers', false]]);

    await rotateIfNeeded(owner.deps, teamId);
    expect(await owner.deps.teams.get(teamId)).toMatchObject({ keyVersion: 2, previousKey: null });
    expect((await owner.deps.groups!.listTeam(teamId))[0]?.data).toMatchObject({ format: 2, keyVersion: 2, revision: 2 });
    for (const person of [owner, bob]) {
      expect((await loadGroups(await teamVault(person, teamId))).map((group) => [group.name, group.description, group.undecryptable ?? false])).toEqual([['Servers', 'prod', false]]);
    }
    await expect(cid.deps.groups!.listTeam(teamId)).rejects.toMatchObject({ code: 'permission-denied' });
  }, 120_000);
});
