// The third-party half of SPEC.md §4 against the Auth emulator. The popup itself cannot run on
// this machine (the SDK loads apis.google.com for it even against the emulator), so the sign-in is
// made with an unsigned Google ID token, which the emulator accepts; everything after it is the
// app's real code: provider detection, record lookup on Firestore through the rules, Set and Enter
// Master Password, Cancel.
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { createFirebaseAuthGateway } from '../../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createFirestoreUserRepository } from '../../../src/data/firestore/firestoreUserRepository';
import type { AuthDeps } from '../../../src/features/auth/flows/deps';
import { hasRecord, setMasterPassword, signOutQuietly, unlockSignedInUser } from '../../../src/features/auth/flows/signIn';
import { createSessionStore } from '../../../src/session/sessionStore';
import { uniqueEmail } from '../../support/authEmulator';
import { MemoryStorage } from '../../support/memoryStorage';

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
const services = createFirebaseServices(config, 'emulator-third-party');

async function setup() {
  const auth = await services.auth();
  const gateway = createFirebaseAuthGateway(auth, { emulator: true });
  const session = createSessionStore(new MemoryStorage());
  const deps: AuthDeps = {
    loadGateway: () => Promise.resolve(gateway),
    loadUsers: async () => createFirestoreUserRepository(await services.firestore()),
    sendCustomEmailVerification: () => Promise.resolve(),
    session,
    now: () => Date.now(),
    isDevelopment: true,
  };
  const signInWithGoogle = async (sub: string, email: string) => {
    const idToken = JSON.stringify({ sub, email, email_verified: true });
    await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
    const user = gateway.currentUser();
    if (!user) throw new Error('not signed in');
    return user;
  };
  return { deps, gateway, session, signInWithGoogle };
}

describe('third-party sign-in after the popup (Auth emulator)', () => {
  it('a new Google user sets a master password; next time they enter it', async () => {
    const { deps, session, signInWithGoogle } = await setup();
    const sub = `google-${Date.now().toString(36)}`;
    const email = uniqueEmail('google');

    const first = await signInWithGoogle(sub, email);
    expect(first.provider).toBe('google');
    expect(await hasRecord(deps, first.uid)).toBe(false);
    await setMasterPassword(deps, first, 'google master password');
    expect(session.getState().status).toBe('unlocked');
    const users = await deps.loadUsers();
    expect((await users.get(first.uid))?.authProvider).toBe('google');
    await signOutQuietly(deps);

    const again = await signInWithGoogle(sub, email);
    expect(again.uid).toBe(first.uid);
    expect(await hasRecord(deps, again.uid)).toBe(true);
    await expect(unlockSignedInUser(deps, again, 'wrong one')).rejects.toThrow('Invalid master password. Please try again.');
    // A third-party user stays signed in after a wrong master password and may retry.
    expect(deps.session.getState().status).not.toBe('unlocked');
    await unlockSignedInUser(deps, again, 'google master password');
    expect(session.getState().status).toBe('unlocked');
    await signOutQuietly(deps);
  });

  it('a vault that cannot be saved reads as a failed OAuth login, and nothing is unlocked', async () => {
    const { deps, session, signInWithGoogle } = await setup();
    const user = await signInWithGoogle(`google-fail-${Date.now().toString(36)}`, uniqueEmail('fail'));
    const failing: AuthDeps = {
      ...deps,
      loadUsers: () =>
        Promise.resolve({
          get: () => Promise.resolve(null),
          create: () => Promise.reject(new Error('database unavailable')),
          replaceMasterKey: () => Promise.reject(new Error('database unavailable')),
        }),
    };
    await expect(setMasterPassword(failing, user, 'google master password')).rejects.toThrow(
      'Failed to complete OAuth login. Please try again.',
    );
    expect(session.getState().status).not.toBe('unlocked');
    expect(session.keys()).toBeNull();
    await signOutQuietly(deps);
  });

  it('Cancel at the master-password step signs out and unlocks nothing', async () => {
    const { deps, gateway, session, signInWithGoogle } = await setup();
    await signInWithGoogle(`google-cancel-${Date.now().toString(36)}`, uniqueEmail('cancel'));
    await signOutQuietly(deps);
    expect(gateway.currentUser()).toBeNull();
    expect(session.getState().status).toBe('signed-out');
    expect(session.keys()).toBeNull();
  });
});
