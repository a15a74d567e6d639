// Sign-up, login, logout, password reset and email verification through the real Firebase Auth
// SDK against the Auth emulator, with user records on the Firestore emulator through the rules.
import { httpsCallable } from 'firebase/functions';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthServiceError, type AuthGateway } from '../../../src/data/auth/authGateway';
import { createFirebaseAuthGateway } from '../../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createFirestoreUserRepository } from '../../../src/data/firestore/firestoreUserRepository';
import type { StoredUserRecord, UserRepository } from '../../../src/data/users/userRecord';
import { authErrorMessage } from '../../../src/features/auth/authErrorMessages';
import type { AuthDeps } from '../../../src/features/auth/flows/deps';
import { FlowError } from '../../../src/features/auth/flows/errors';
import {
  finishEmailSignIn,
  requestPasswordReset,
  signInWithEmail,
  signOutQuietly,
  signUp,
} from '../../../src/features/auth/flows/signIn';
import { createSessionStore, PRIVATE_KEY_STORAGE_KEY } from '../../../src/session/sessionStore';
import { latestOobCode, uniqueEmail } from '../../support/authEmulator';
import { MemoryStorage } from '../../support/memoryStorage';

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
const services = createFirebaseServices(config, 'emulator-flows');
let gateway: AuthGateway | undefined;

async function setup(givenUsers?: UserRepository) {
  const users = givenUsers ?? createFirestoreUserRepository(await services.firestore());
  gateway ??= createFirebaseAuthGateway(await services.auth(), { emulator: true });
  const current = gateway;
  const storage = new MemoryStorage();
  const session = createSessionStore(storage);
  const functions = await services.functions();
  const deps: AuthDeps = {
    loadGateway: () => Promise.resolve(current),
    loadUsers: () => Promise.resolve(users),
    sendCustomEmailVerification: async (isDevelopment) => {
      await httpsCallable(functions, 'sendCustomEmailVerification')({ isDevelopment });
    },
    session,
    now: () => Date.now(),
    isDevelopment: true,
  };
  return { deps, session, storage, users, gateway: current };
}

const ACCOUNT_PASSWORD = 'account-password-1';
const MASTER_PASSWORD = 'a long master password 42!';

beforeEach(async () => {
  await gateway?.signOut();
});

describe('email sign-up and login (Auth emulator)', () => {
  it('signs up: account, user record with a 14-day trial, unlocked session, verification sent', async () => {
    const { deps, session, storage, users } = await setup();
    const email = uniqueEmail('signup');
    const before = Date.now();
    const { verificationSent } = await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });

    expect(verificationSent).toBe(true);
    const state = session.getState();
    expect(state.status).toBe('unlocked');
    if (state.status !== 'unlocked') return;
    expect(state.user.email).toBe(email);
    expect(session.keys()).not.toBeNull();

    const record = (await users.get(state.user.uid)) as StoredUserRecord;
    expect(record.email).toBe(email);
    expect(record.authProvider).toBe('password');
    expect(record.kdf).toEqual({ algorithm: 'Argon2id', iterations: 3, memoryKiB: 65_536, parallelism: 4 });
    expect(record.subscription).toMatchObject({ status: 'trialing', planId: 'unlimited', planName: 'Unlimited', isFreeTrialOnly: true, cancelAtPeriodEnd: true });
    expect(record.subscription.currentPeriodEnd - record.subscription.currentPeriodStart).toBe(14 * 86_400_000);
    expect(record.createdAt).toBeGreaterThanOrEqual(before);
    expect(storage.getItem(PRIVATE_KEY_STORAGE_KEY)).toBe(record.encryptedPrivateKey);
    // Nothing secret in the record: no field holds the master password or the account password.
    expect(JSON.stringify(record)).not.toContain(MASTER_PASSWORD);
    expect(JSON.stringify(record)).not.toContain(ACCOUNT_PASSWORD);
  });

  it('logs in with the right master password, and logout clears keys and the session item', async () => {
    const { deps, session, storage } = await setup();
    const email = uniqueEmail('login');
    await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });
    await signOutQuietly(deps);
    expect(session.getState().status).toBe('signed-out');
    expect(session.keys()).toBeNull();
    expect(storage.getItem(PRIVATE_KEY_STORAGE_KEY)).toBeNull();
    expect(gateway!.currentUser()).toBeNull();

    const user = await signInWithEmail(deps, email, ACCOUNT_PASSWORD);
    await finishEmailSignIn(deps, user, MASTER_PASSWORD);
    expect(session.getState().status).toBe('unlocked');
    expect(session.keys()).not.toBeNull();
    expect(storage.getItem(PRIVATE_KEY_STORAGE_KEY)).not.toBeNull();

    await signOutQuietly(deps);
    expect(session.keys()).toBeNull();
    expect(storage.getItem(PRIVATE_KEY_STORAGE_KEY)).toBeNull();
    expect(gateway!.currentUser()).toBeNull();
  });

  it('a wrong master password signs the user out again and unlocks nothing', async () => {
    const { deps, session, storage } = await setup();
    const email = uniqueEmail('wrongmaster');
    await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });
    await signOutQuietly(deps);

    const user = await signInWithEmail(deps, email, ACCOUNT_PASSWORD);
    const attempt = finishEmailSignIn(deps, user, 'not the master password');
    await expect(attempt).rejects.toThrow(FlowError);
    await expect(attempt).rejects.toThrow('Invalid master password. Please try again.');
    expect(gateway!.currentUser()).toBeNull();
    expect(session.getState().status).toBe('signed-out');
    expect(session.keys()).toBeNull();
    expect(storage.getItem(PRIVATE_KEY_STORAGE_KEY)).toBeNull();
  });

  it('a wrong account password fails with the spec message', async () => {
    const { deps } = await setup();
    const email = uniqueEmail('wrongaccount');
    await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });
    await signOutQuietly(deps);
    const error: unknown = await signInWithEmail(deps, email, 'wrong-password').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthServiceError);
    expect(authErrorMessage(error)).toBe('Invalid email or password. Please check your credentials and try again.');
  });

  it('an address already in use fails with the spec message', async () => {
    const { deps } = await setup();
    const email = uniqueEmail('taken');
    await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });
    await signOutQuietly(deps);
    const error: unknown = await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD }).catch(
      (caught: unknown) => caught,
    );
    expect(authErrorMessage(error)).toBe('An account with this email already exists. Please sign in instead.');
  });

  it('a sign-up whose record cannot be written removes the new account, so the address stays free', async () => {
    const failing: UserRepository = {
      get: () => Promise.resolve(null),
      create: () => Promise.reject(new Error('database unavailable')),
      replaceMasterKey: () => Promise.reject(new Error('database unavailable')),
    };
    const { deps, session } = await setup(failing);
    const email = uniqueEmail('rollback');
    await expect(signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD })).rejects.toThrow(
      'database unavailable',
    );
    expect(gateway!.currentUser()).toBeNull();
    expect(session.getState().status).toBe('signed-out');

    const retry = await setup();
    await signUp(retry.deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });
    expect(retry.session.getState().status).toBe('unlocked');
  });
});

describe('emailed codes (Auth emulator)', () => {
  it('resets the account password with the emailed code; the vault still opens with the master password', async () => {
    const { deps, session } = await setup();
    const email = uniqueEmail('reset');
    await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });
    await signOutQuietly(deps);

    await requestPasswordReset(deps, email);
    const code = await latestOobCode(email, 'PASSWORD_RESET');
    await expect(gateway!.verifyPasswordResetCode(code)).resolves.toBe(email);
    await gateway!.confirmPasswordReset(code, 'new-account-password');

    await expect(signInWithEmail(deps, email, ACCOUNT_PASSWORD)).rejects.toBeInstanceOf(AuthServiceError);
    const user = await signInWithEmail(deps, email, 'new-account-password');
    await finishEmailSignIn(deps, user, MASTER_PASSWORD);
    expect(session.getState().status).toBe('unlocked');
  });

  it('a reset request for an unknown address looks the same as for a known one', async () => {
    const { deps } = await setup();
    await expect(requestPasswordReset(deps, uniqueEmail('nobody'))).resolves.toBeUndefined();
  });

  it('a used reset code is refused with auth/invalid-action-code', async () => {
    const { deps } = await setup();
    const email = uniqueEmail('reuse');
    await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });
    await signOutQuietly(deps);
    await requestPasswordReset(deps, email);
    const code = await latestOobCode(email, 'PASSWORD_RESET');
    await gateway!.confirmPasswordReset(code, 'another-password');
    const error: unknown = await gateway!.confirmPasswordReset(code, 'third-password').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthServiceError);
    expect((error as AuthServiceError).code).toBe('auth/invalid-action-code');
  });

  it('asking for a verification email with nobody signed in fails as "User not authenticated"', async () => {
    const { gateway: current } = await setup();
    await expect(current.sendVerificationEmail()).rejects.toThrow('User not authenticated');
  });

  it('verifies the email address with the code of the SDK fallback email', async () => {
    const { deps } = await setup();
    const email = uniqueEmail('verify');
    await signUp(deps, { email, accountPassword: ACCOUNT_PASSWORD, masterPassword: MASTER_PASSWORD });
    expect(gateway!.currentUser()?.emailVerified).toBe(false);
    await gateway!.sendVerificationEmail();
    await gateway!.applyEmailVerificationCode(await latestOobCode(email, 'VERIFY_EMAIL'));
    expect(gateway!.currentUser()?.emailVerified).toBe(true);
  });
});
