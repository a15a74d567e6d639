// A signed-in browser on the emulators for the teams service: a real account (Auth emulator user
// with a verified address, user record, published key, real keys) and the service dependencies
// over the Firestore repositories (through the rules) and the deployed callables. `tab` opens a
// second SDK instance signed in as the same account, as a second browser tab would.
import { signInWithEmailAndPassword } from 'firebase/auth';
import { httpsCallable } from 'firebase/functions';
import { FieldValue } from 'firebase-admin/firestore';
import { createAccountKeys, exportPublicKey, generateKeyPair, type PrivateKey } from '../../../src/crypto';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createTeamFunctions, type CallableInvoker } from '../../../src/data/functions/teamFunctions';
import { createFirestoreInvitationRepository } from '../../../src/data/firestore/firestoreInvitationRepository';
import {
  createFirestoreKnownKeysRepository,
  createFirestorePublicKeyRepository,
  createFirestoreTeamRepository,
} from '../../../src/data/firestore/firestoreTeamRepositories';
import { createFirestorePasswordRepository } from '../../../src/data/firestore/firestoreVaultRepositories';
import type { InvitationFunctions, InvitationPreview, InviteResult } from '../../../src/data/invitations/storedInvitations';
import type { TeamInvitationDeps } from '../../../src/features/teams/teamInvitations';
import type { UserKeys } from '../../../src/features/teams/teamKeys';
import { createAccount, markEmailVerified, uniqueEmail } from '../../support/authEmulator';
import { db, subscription } from './support';

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
const PASSWORD = 'correct horse battery';
let instances = 0;

export interface BrowserMember {
  readonly uid: string;
  readonly email: string;
  readonly publicKey: string;
  readonly deps: TeamInvitationDeps;
  /** Another tab of the same account: its own SDK instance and repositories, the same keys. */
  tab(): Promise<TeamInvitationDeps>;
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

async function signedInDeps(uid: string, email: string, publicKey: string, keys: UserKeys): Promise<TeamInvitationDeps> {
  instances += 1;
  const services = createFirebaseServices(config, `fingerprints-${instances}-${uid}`);
  await signInWithEmailAndPassword(await services.auth(), email, PASSWORD);
  const [firestore, functions] = await Promise.all([services.firestore(), services.functions()]);
  const invoke: CallableInvoker = async (name, data) => (await httpsCallable(functions, name, { timeout: 70_000 })(data)).data;
  return {
    teams: createFirestoreTeamRepository(firestore),
    publicKeys: createFirestorePublicKeyRepository(firestore),
    knownKeys: createFirestoreKnownKeysRepository(firestore),
    passwords: createFirestorePasswordRepository(firestore),
    functions: createTeamFunctions(invoke),
    invitations: createFirestoreInvitationRepository(firestore),
    invitationFunctions: invitationFunctions(invoke),
    appOrigin: 'http://127.0.0.1:5173',
    userId: uid,
    ownPublicKey: publicKey,
    keys,
    now: () => Date.now(),
  };
}

export async function browserMember(label: string): Promise<BrowserMember> {
  const email = uniqueEmail(label);
  const { localId: uid } = await createAccount(email, PASSWORD);
  await markEmailVerified(uid);
  const account = await createAccountKeys(`${label} master password`);
  const publicKey = account.stored.publicKey;
  await db().collection('users').doc(uid).set({ email, publicKey, teamIds: [], pendingTeamKeys: {}, subscription: subscription('unlimited') });
  await db().collection('publicKeys').doc(uid).set({ publicKey, createdAt: Date.now() });
  const keys = { vaultKey: account.vaultKey, privateKey: account.privateKey };
  return { uid, email, publicKey, deps: await signedInDeps(uid, email, publicKey, keys), tab: () => signedInDeps(uid, email, publicKey, keys) };
}

/** A teammate who never signs in here: a key pair, its published public key, and a user record. */
export interface Teammate {
  readonly uid: string;
  readonly email: string;
  readonly publicKey: string;
  readonly privateKey: PrivateKey;
}

export async function teammate(label: string): Promise<Teammate> {
  const uid = db().collection('users').doc().id;
  const email = uniqueEmail(label);
  const pair = await generateKeyPair();
  const publicKey = await exportPublicKey(pair.publicKey);
  await db().collection('users').doc(uid).set({ email, publicKey, teamIds: [], pendingTeamKeys: {}, subscription: subscription('free') });
  await db().collection('publicKeys').doc(uid).set({ publicKey, createdAt: Date.now() });
  return { uid, email, publicKey, privateKey: pair.privateKey };
}

/**
 * Puts `people` in the team needing the key, as acceptInvitation does for an invitation that came
 * without one (seeded with firebase-admin: joining is the invitations tests' concern).
 */
export async function joinNeedingKey(teamId: string, people: readonly { uid: string; email: string }[], role = 'view'): Promise<void> {
  const joinedAt = Date.now();
  const update: Record<string, unknown> = { memberIds: FieldValue.arrayUnion(...people.map((person) => person.uid)) };
  for (const person of people) {
    update[`members.${person.uid}`] = { userId: person.uid, role, joinedAt, email: person.email, encryptedTeamKey: null, needsTeamKey: true };
  }
  await db().collection('teams').doc(teamId).update(update);
  await Promise.all(people.map((person) => db().collection('users').doc(person.uid).update({ teamIds: FieldValue.arrayUnion(teamId) })));
}
