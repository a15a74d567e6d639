// Signed-up people for the emulator tier's vault and team tests: a real Auth account with a
// verified address, real keys, a user record and published key, and their own signed-in SDK with
// the Firestore repositories and callables the browser uses; a team of them seeded as the
// callables leave it; a member's team vault as the dashboard opens it.
import { signInWithEmailAndPassword } from 'firebase/auth';
import { httpsCallable } from 'firebase/functions';
import { createAccountKeys, openPreviousTeamKey, type VaultKey } from '../../../src/crypto';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createTeamFunctions, type CallableInvoker } from '../../../src/data/functions/teamFunctions';
import {
  createFirestoreKnownKeysRepository,
  createFirestorePublicKeyRepository,
  createFirestoreTeamRepository,
} from '../../../src/data/firestore/firestoreTeamRepositories';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../../src/data/firestore/firestoreVaultRepositories';
import type { PasswordRepository } from '../../../src/data/vault/storedEntries';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { openTeamKey, type UserKeys } from '../../../src/features/teams/teamKeys';
import { createTeamsApi, type TeamServiceDeps } from '../../../src/features/teams/teamService';
import type { PersonalVaultDeps, TeamVaultDeps } from '../../../src/features/vault/vaultService';
import { createAccount, markEmailVerified, uniqueEmail } from '../../support/authEmulator';
import { db, subscription } from './support';

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
const PASSWORD = 'correct horse battery';

export interface Person {
  readonly uid: string;
  readonly email: string;
  readonly keys: UserKeys & { readonly vaultKey: VaultKey };
  readonly deps: TeamServiceDeps;
  /** A second browser tab: its own signed-in SDK on the same account. */
  tab(): Promise<{ passwords: PasswordRepository; groups: ReturnType<typeof createFirestoreGroupRepository> }>;
  readonly groups: ReturnType<typeof createFirestoreGroupRepository>;
}

async function signedIn(label: string, email: string) {
  const services = createFirebaseServices(config, `people-${label}-${crypto.randomUUID()}`);
  await signInWithEmailAndPassword(await services.auth(), email, PASSWORD);
  return services;
}

export async function person(label: string): Promise<Person> {
  const email = uniqueEmail(label);
  const { localId: uid } = await createAccount(email, PASSWORD);
  await markEmailVerified(uid);
  const account = await createAccountKeys(`${label} master password`);
  const publicKey = account.stored.publicKey;
  await db().collection('users').doc(uid).set({ email, publicKey, teamIds: [], pendingTeamKeys: {}, subscription: subscription('unlimited') });
  await db().collection('publicKeys').doc(uid).set({ publicKey, createdAt: Date.now() });
  const services = await signedIn(label, email);
  const [firestore, functions] = await Promise.all([services.firestore(), services.functions()]);
  const invoke: CallableInvoker = async (name, data) => (await httpsCallable(functions, name, { timeout: 70_000 })(data)).data;
  const keys = { vaultKey: account.vaultKey, privateKey: account.privateKey };
  return {
    uid,
    email,
    keys,
    groups: createFirestoreGroupRepository(firestore),
    deps: {
      teams: createFirestoreTeamRepository(firestore),
      publicKeys: createFirestorePublicKeyRepository(firestore),
      knownKeys: createFirestoreKnownKeysRepository(firestore),
      passwords: createFirestorePasswordRepository(firestore),
      functions: createTeamFunctions(invoke),
      userId: uid,
      ownPublicKey: publicKey,
      keys,
      now: () => Date.now(),
    },
    async tab() {
      const other = await (await signedIn(`${label}-tab`, email)).firestore();
      return { passwords: createFirestorePasswordRepository(other), groups: createFirestoreGroupRepository(other) };
    },
  };
}

/**
 * A team of the owner with the others in it at `role`, each holding the team key (seeded as the
 * callables leave it). `madeBeforeSealing`: without the mark a team made since issue #18 is born
 * with, as a team from before, where format 1 is still written (docs/rules.md, "Sealed entries").
 */
export async function teamOf(owner: Person, others: readonly Person[], role: TeamRole, { madeBeforeSealing = false } = {}): Promise<string> {
  const before = new Set((await owner.deps.teams.listForMember(owner.uid)).map((team) => team.id));
  await createTeamsApi(owner.deps).create({ name: `Nothing lost ${crypto.randomUUID().slice(0, 6)}` });
  const teamId = (await owner.deps.teams.listForMember(owner.uid)).find((team) => !before.has(team.id))!.id;
  const stored = await owner.deps.teams.get(teamId);
  const key = await openTeamKey(stored!, teamId, owner.uid, owner.keys);
  const { wrapFor } = await import('../../../src/features/teams/teamKeys');
  const members: Record<string, unknown> = {};
  for (const other of others) {
    const publicKey = (await owner.deps.publicKeys.get(other.uid))!;
    members[`members.${other.uid}`] = {
      userId: other.uid,
      role,
      email: other.email,
      joinedAt: Date.now(),
      needsTeamKey: false,
      encryptedTeamKey: await wrapFor(key, publicKey, teamId, stored!.keyVersion),
    };
  }
  const { FieldValue } = await import('firebase-admin/firestore');
  await db()
    .collection('teams')
    .doc(teamId)
    .update({
      ...members,
      ...(madeBeforeSealing ? { entryFormat: FieldValue.delete() } : {}),
      memberIds: FieldValue.arrayUnion(...others.map((other) => other.uid)),
    });
  for (const other of others) await db().collection('users').doc(other.uid).update({ teamIds: FieldValue.arrayUnion(teamId) });
  return teamId;
}

/** A member's team vault as the dashboard opens it: the key (and the previous one during a rotation) opened afresh. */
export async function teamVault(member: Person, teamId: string, passwords: PasswordRepository = member.deps.passwords): Promise<TeamVaultDeps> {
  const team = (await member.deps.teams.get(teamId))!;
  const key = await openTeamKey(team, teamId, member.uid, member.keys);
  const previousKey = team.previousKey ? await openPreviousTeamKey(team.previousKey.sealed, key, { teamId, keyVersion: team.previousKey.version }) : null;
  return {
    passwords,
    groups: member.groups,
    userId: member.uid,
    team: {
      teamId,
      key,
      keyVersion: team.keyVersion,
      role: team.members[member.uid]!.role,
      previousKey,
      storedKeyVersion: async () => (await member.deps.teams.get(teamId))?.keyVersion ?? null,
    },
    now: () => Date.now(),
  };
}

/** A person's personal vault over their own signed-in SDK. */
export function personalVault(person: Person, passwords: PasswordRepository = person.deps.passwords): PersonalVaultDeps {
  return { passwords, groups: person.groups, vaultKey: person.keys.vaultKey, userId: person.uid, now: () => Date.now() };
}


/**
 * `read` again (three tries, half a second apart) when the SDK could not reach the server. The
 * Firestore emulator now and then garbles a listen stream while many writes land at once
 * (RESOURCE_EXHAUSTED on a frame read from the middle of a message, firebase-tools#8654), and the
 * SDK then reports the read as unavailable. Only for reads a test makes beside the code under test.
 */
export async function readThroughEmulatorHiccups<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      const unavailable = typeof error === 'object' && error !== null && 'code' in error && error.code === 'unavailable';
      if (!unavailable || attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
