// An account on the Auth and Firestore emulators for the extension's tests, made through the app's
// own modules (account keys, user repository, item service), with a login per corpus entry.
import { deleteApp } from 'firebase/app';
import { createFirebaseAuthGateway } from '../../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createFirestoreUserRepository } from '../../../src/data/firestore/firestoreUserRepository';
import { createFirestoreGroupRepository, createFirestorePasswordRepository } from '../../../src/data/firestore/firestoreVaultRepositories';
import type { ItemUrl } from '../../../src/features/vault/items/kinds';
import { saveItem } from '../../../src/features/vault/service/itemService';
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
}

const firestorePort = Number(process.env.FIRESTORE_EMULATOR_HOST?.split(':')[1] ?? 8080);

export async function seedAccount(logins: readonly SeedLogin[]): Promise<SeededAccount> {
  const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: firestorePort, functions: 5001 } });
  const services = createFirebaseServices(config, `extension-seed-${crypto.randomUUID()}`);
  const email = uniqueEmail('extension');
  const account = { email, accountPassword: 'account password 1', masterPassword: 'master password 1' };
  const gateway = createFirebaseAuthGateway(await services.auth(), { emulator: true });
  const { uid } = await gateway.createAccount(email, account.accountPassword);
  const { record, vaultKey } = await createVaultUser(account.masterPassword, { email });
  const db = await services.firestore();
  await createFirestoreUserRepository(db).create(uid, { ...record, entryFormat: 2 });
  const deps = { passwords: createFirestorePasswordRepository(db), groups: createFirestoreGroupRepository(db), vaultKey, userId: uid, now: () => Date.now() };
  for (const login of logins) {
    await saveItem(
      deps,
      { kind: 'login', title: login.title, notes: '', favourite: false, customFields: [], fields: { urls: login.urls, username: login.username, password: login.password, otp: login.otp ?? null, history: [] } },
      { groupId: null },
    );
  }
  await gateway.signOut();
  await deleteApp(await services.app());
  return account;
}
