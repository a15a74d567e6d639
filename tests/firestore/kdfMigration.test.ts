// The move from PBKDF2 to Argon2id at the next unlock (issue #46, docs/crypto.md "Migration to
// Argon2id"), on the Auth and Firestore emulators through the real rules and ID tokens: a PBKDF2
// account unlocks, is moved in one write, and unlocks again with the same password; the write
// killed before it is sent, refused by the server, or lost after it landed leaves an account that
// unlocks with its master password every time.
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createAccountKeys } from '../../src/crypto';
import type { AuthUser } from '../../src/data/auth/authGateway';
import { createFirebaseAuthGateway } from '../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../src/data/config';
import { createFirebaseServices } from '../../src/data/firebase/services';
import { createFirestoreUserRepository } from '../../src/data/firestore/firestoreUserRepository';
import { storedKdfOf, type StoredUserRecord, type UserRepository } from '../../src/data/users/userRecord';
import type { AuthDeps } from '../../src/features/auth/flows/deps';
import { finishEmailSignIn, signInWithEmail, signOutQuietly, signUp } from '../../src/features/auth/flows/signIn';
import { openVault, requireRecord } from '../../src/features/auth/flows/vault';
import { createSessionStore } from '../../src/session/sessionStore';
import { newTrialSubscription } from '@keyloft/contract/trial';
import { uniqueEmail } from '../support/authEmulator';
import { MemoryStorage } from '../support/memoryStorage';
import { useRulesEnvironment } from './rulesEnvironment';

useRulesEnvironment();
const firestorePort = Number(process.env.FIRESTORE_EMULATOR_HOST?.split(':')[1] ?? 8080);
const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: firestorePort, functions: 5001 } });
const services = createFirebaseServices(config, 'firestore-kdf-migration');

const MASTER = 'an old master password';
const ACCOUNT_PASSWORD = 'account-password-1';
const ARGON2ID = { algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 };

/** `users` as the app makes it, with `replaceMasterKey` replaced when a test kills the write. */
async function setup(replace?: (real: UserRepository['replaceMasterKey']) => UserRepository['replaceMasterKey']) {
  const gateway = createFirebaseAuthGateway(await services.auth(), { emulator: true });
  const real = createFirestoreUserRepository(await services.firestore());
  const users: UserRepository = replace === undefined ? real : { ...real, replaceMasterKey: replace(real.replaceMasterKey.bind(real)) };
  const deps: AuthDeps = {
    loadGateway: () => Promise.resolve(gateway),
    loadUsers: () => Promise.resolve(users),
    sendCustomEmailVerification: () => Promise.resolve(),
    session: createSessionStore(new MemoryStorage()),
    now: () => Date.now(),
    isDevelopment: true,
  };
  return { deps, gateway, users: real };
}

/** An account as sign-up made it before Argon2id: PBKDF2-SHA256 at 600,000 iterations, written through the rules. */
async function pbkdf2Account(context: Awaited<ReturnType<typeof setup>>): Promise<{ email: string; user: AuthUser; record: StoredUserRecord }> {
  const email = uniqueEmail('kdf-move');
  const user = await context.gateway.createAccount(email, ACCOUNT_PASSWORD);
  const { stored } = await createAccountKeys(MASTER, { algorithm: 'PBKDF2-SHA256', iterations: 600_000, salt: randomBytes(32).toString('base64') });
  const now = Date.now();
  const record: StoredUserRecord = {
    email,
    encryptionSalt: stored.kdf.salt,
    kdf: storedKdfOf(stored.kdf),
    publicKey: stored.publicKey,
    encryptedPrivateKey: stored.encryptedPrivateKey,
    wrappedVaultKey: stored.wrappedVaultKey,
    masterPasswordTest: stored.masterPasswordTest,
    authProvider: 'password',
    createdAt: now,
    updatedAt: now,
    teamIds: [],
    pendingTeamKeys: {},
    subscription: newTrialSubscription(now),
  };
  await context.users.create(user.uid, record);
  return { email, user, record };
}

/** Signs out, signs in again and opens the vault with MASTER, as the login form does. */
async function signInAgain(deps: AuthDeps, email: string): Promise<void> {
  await signOutQuietly(deps);
  await finishEmailSignIn(deps, await signInWithEmail(deps, email, ACCOUNT_PASSWORD), MASTER);
  expect(deps.session.getState().status).toBe('unlocked');
}

describe('moving a PBKDF2 account to Argon2id on Firestore', () => {
  it('a new account is born on Argon2id', async () => {
    const { deps, users } = await setup();
    await signUp(deps, { email: uniqueEmail('kdf-new'), accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER });
    const state = deps.session.getState();
    if (state.status !== 'unlocked') throw new Error('not unlocked');
    expect((await users.get(state.user.uid))?.kdf).toEqual(ARGON2ID);
    await signOutQuietly(deps);
  });

  it('unlocks, is moved in one write the rules allow, and unlocks again with the same password', async () => {
    const context = await setup();
    const { email, user, record } = await pbkdf2Account(context);
    const { kdfMove } = await openVault(context.deps, user, await requireRecord(context.deps, user.uid), MASTER);
    expect(context.deps.session.getState().status).toBe('unlocked');
    expect(await kdfMove).toBe('moved');
    const moved = await context.users.get(user.uid);
    expect(moved?.kdf).toEqual(ARGON2ID);
    expect(moved?.encryptionSalt).not.toBe(record.encryptionSalt);
    expect(moved?.encryptedPrivateKey).toBe(record.encryptedPrivateKey);
    expect(moved?.publicKey).toBe(record.publicKey);

    await signInAgain(context.deps, email);
    expect(await context.users.get(user.uid)).toEqual(moved);
    await signOutQuietly(context.deps);
  }, 60_000);

  const killed: [string, (real: UserRepository['replaceMasterKey']) => UserRepository['replaceMasterKey']][] = [
    ['killed before it is sent', () => () => Promise.reject(new Error('the tab closed'))],
    // The same write with an updatedAt an hour old: it reaches the server, which refuses all of it.
    ['refused by the server', (real) => (uid, expected, fields) => real(uid, expected, { ...fields, updatedAt: fields.updatedAt - 3_600_000 })],
  ];
  for (const [what, replace] of killed) {
    it(`a write ${what} leaves the PBKDF2 record, which unlocks; the next unlock moves it`, async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const failing = await setup(replace);
        const { email, user, record } = await pbkdf2Account(failing);
        const { kdfMove } = await openVault(failing.deps, user, await requireRecord(failing.deps, user.uid), MASTER);
        expect(await kdfMove).toBe('failed');
        expect(await failing.users.get(user.uid)).toEqual(record);
        await signInAgain(failing.deps, email);
        await signOutQuietly(failing.deps);

        const working = await setup();
        await signInAgain(working.deps, email);
        await vi.waitFor(async () => {
          expect((await working.users.get(user.uid))?.kdf).toEqual(ARGON2ID);
        }, { timeout: 20_000, interval: 200 });
        await signInAgain(working.deps, email);
        await signOutQuietly(working.deps);
      } finally {
        warn.mockRestore();
      }
    }, 90_000);
  }

  it('a write that landed but whose answer was lost leaves the Argon2id record, which unlocks', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const context = await setup((real) => async (uid, expected, fields) => {
        await real(uid, expected, fields);
        throw new Error('the connection dropped after the commit');
      });
      const { email, user } = await pbkdf2Account(context);
      const { kdfMove } = await openVault(context.deps, user, await requireRecord(context.deps, user.uid), MASTER);
      expect(await kdfMove).toBe('failed');
      expect((await context.users.get(user.uid))?.kdf).toEqual(ARGON2ID);
      await signInAgain(context.deps, email);
      await signOutQuietly(context.deps);
    } finally {
      warn.mockRestore();
    }
  }, 60_000);
});
