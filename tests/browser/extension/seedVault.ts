// An account on the Auth and Firestore emulators for the extension's tests, made through the app's
// own modules (account keys, user repository, item service), with a login per corpus entry; and
// its teams (seedTeam).
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp } from 'firebase/app';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { generateTeamKey, importPublicKey, teamKeyCheck, wrapTeamKey } from '../../../src/crypto';
import { createFirebaseAuthGateway } from '../../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createFirestoreUserRepository } from '../../../src/data/firestore/firestoreUserRepository';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../../src/data/firestore/firestoreVaultRepositories';
import type { StoredTeam } from '../../../src/data/teams/storedTeams';
import type { ItemUrl } from '../../../src/features/vault/items/kinds';
import { saveItem } from '../../../src/features/vault/service/itemService';
import type { VaultDeps } from '../../../src/features/vault/service/vaultDeps';
import { forgedSealed } from '../../support/forgedCiphertext';
import { uniqueEmail } from '../../support/authEmulator';
import { createVaultUser } from '../../support/vaultUser';

export interface SeedLogin {
  readonly title: string;
  readonly urls: readonly ItemUrl[];
  readonly username: string;
  readonly password: string;
  /** A one-time code's otpauth:// link. */
  readonly otp?: string | undefined;
}

export interface SeededAccount {
  readonly email: string;
  readonly accountPassword: string;
  readonly masterPassword: string;
  readonly uid: string;
  /** The account's public key (SPKI base64): what a team key is wrapped for. */
  readonly publicKey: string;
}

const firestorePort = Number(process.env.FIRESTORE_EMULATOR_HOST?.split(':')[1] ?? 8080);

export async function seedAccount(logins: readonly SeedLogin[]): Promise<SeededAccount> {
  const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: firestorePort, functions: 5001 } });
  const services = createFirebaseServices(config, `extension-seed-${crypto.randomUUID()}`);
  const email = uniqueEmail('extension');
  const secrets = { email, accountPassword: 'account password 1', masterPassword: 'master password 1' };
  const gateway = createFirebaseAuthGateway(await services.auth(), { emulator: true });
  const { uid } = await gateway.createAccount(email, secrets.accountPassword);
  const { record, vaultKey } = await createVaultUser(secrets.masterPassword, { email });
  const db = await services.firestore();
  await createFirestoreUserRepository(db).create(uid, { ...record, entryFormat: 2 });
  await saveLogins({ passwords: createFirestorePasswordRepository(db), groups: createFirestoreGroupRepository(db), vaultKey, userId: uid, now: () => Date.now() }, logins);
  await gateway.signOut();
  await deleteApp(await services.app());
  return { ...secrets, uid, publicKey: record.publicKey };
}

async function saveLogins(deps: VaultDeps, logins: readonly SeedLogin[]): Promise<void> {
  for (const login of logins) {
    await saveItem(
      deps,
      { kind: 'login', title: login.title, notes: '', favourite: false, customFields: [], fields: { urls: login.urls, username: login.username, password: login.password, otp: login.otp ?? null, history: [] } },
      { groupId: null },
    );
  }
}

/**
 * A team of which `account` is the owner, holding `logins`, written as the team callables and a
 * member's saves would write it (the team key wrapped for the account's public key, its key check,
 * entries sealed with the team key), with the rules set aside: the extension tier runs no Functions
 * emulator. `readable: false` stores a wrap that does not open (a key this member cannot read).
 */
export async function seedTeam(account: SeededAccount, name: string, logins: readonly SeedLogin[], options: { readonly readable?: boolean } = {}): Promise<string> {
  const env = await initializeTestEnvironment({ projectId: 'demo-keyloft' });
  try {
    const teamId = `team-${crypto.randomUUID()}`;
    const key = await generateTeamKey();
    const binding = { teamId, keyVersion: 1 };
    const wrap = options.readable === false ? forgedSealed<'team-key-wrap'>(btoa('x'.repeat(256))) : await wrapTeamKey(key, await importPublicKey(account.publicKey), binding);
    const now = Date.now();
    const team: StoredTeam = {
      name,
      ownerId: account.uid,
      createdAt: now,
      updatedAt: now,
      memberIds: [account.uid],
      members: { [account.uid]: { userId: account.uid, role: 'owner', joinedAt: now, email: account.email.toLowerCase(), encryptedTeamKey: wrap, needsTeamKey: false } },
      keyVersion: 1,
      keyCheck: await teamKeyCheck(key, binding),
      rotationNeeded: false,
      previousKey: null,
      deleting: false,
      entryFormat: 2,
    };
    await env.withSecurityRulesDisabled(async (context) => {
      // rules-unit-testing hands out its own instance type; the modular functions accept it at run time.
      const db = context.firestore() as unknown as Firestore;
      await setDoc(doc(db, 'teams', teamId), team);
      const passwords = createFirestorePasswordRepository(db, undefined, {}, () => ({ uid: account.uid, email: account.email }));
      const scope = { teamId, key, keyVersion: 1, role: 'owner' as const };
      await saveLogins({ passwords, groups: createFirestoreGroupRepository(db), userId: account.uid, team: scope, now: () => Date.now() }, logins);
    });
    return teamId;
  } finally {
    await env.cleanup();
  }
}
