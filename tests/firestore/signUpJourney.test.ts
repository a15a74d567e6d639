// Sign-up and login end to end on the Auth and Firestore emulators: the user record is written
// and read through the real security rules with real ID tokens.
import { describe, expect, it } from 'vitest';
import { createFirebaseAuthGateway } from '../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../src/data/config';
import { createFirebaseServices } from '../../src/data/firebase/services';
import { createFirestoreUserRepository } from '../../src/data/firestore/firestoreUserRepository';
import type { AuthDeps } from '../../src/features/auth/flows/deps';
import { finishEmailSignIn, signInWithEmail, signOutQuietly, signUp } from '../../src/features/auth/flows/signIn';
import { createSessionStore } from '../../src/session/sessionStore';
import { uniqueEmail } from '../support/authEmulator';
import { MemoryStorage } from '../support/memoryStorage';
import { useRulesEnvironment } from './rulesEnvironment';

// The Firestore emulator the tier runs on (FIRESTORE_EMULATOR_HOST, as rules-unit-testing reads it), with our rules loaded.
useRulesEnvironment();
const firestorePort = Number(process.env.FIRESTORE_EMULATOR_HOST?.split(':')[1] ?? 8080);
const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: firestorePort, functions: 5001 } });
const services = createFirebaseServices(config, 'firestore-journey');

async function setup() {
  const gateway = createFirebaseAuthGateway(await services.auth(), { emulator: true });
  const users = createFirestoreUserRepository(await services.firestore());
  const session = createSessionStore(new MemoryStorage());
  const deps: AuthDeps = {
    loadGateway: () => Promise.resolve(gateway),
    loadUsers: () => Promise.resolve(users),
    sendCustomEmailVerification: () => Promise.resolve(),
    session,
    now: () => Date.now(),
    isDevelopment: true,
  };
  return { deps, gateway, session, users };
}

describe('sign-up and login on Firestore', () => {
  it('writes the record through the rules, reads it back at login, and keeps it from others', async () => {
    const { deps, gateway, session, users } = await setup();
    const email = uniqueEmail('firestore');
    await signUp(deps, { email, accountPassword: 'account-password-1', masterPassword: 'master password 1' });
    const state = session.getState();
    if (state.status !== 'unlocked') throw new Error('not unlocked');
    const uid = state.user.uid;
    expect((await users.get(uid))?.subscription.status).toBe('trialing');

    await signOutQuietly(deps);
    const user = await signInWithEmail(deps, email, 'account-password-1');
    await finishEmailSignIn(deps, user, 'master password 1');
    expect(session.getState().status).toBe('unlocked');
    await signOutQuietly(deps);

    const other = uniqueEmail('other');
    await signUp(deps, { email: other, accountPassword: 'account-password-2', masterPassword: 'master password 2' });
    await expect(users.get(uid)).rejects.toMatchObject({ code: 'permission-denied' });
    await signOutQuietly(deps);
    expect(gateway.currentUser()).toBeNull();
  });
});
