// AuthGateway.changeAccountPassword and reloadUser through the real Firebase Auth SDK against the
// Auth emulator.
import { afterEach, describe, expect, it } from 'vitest';
import { AuthServiceError, type AuthGateway } from '../../../src/data/auth/authGateway';
import { createFirebaseAuthGateway } from '../../../src/data/auth/firebaseAuthGateway';
import { readConfig } from '../../../src/data/config';
import { createFirebaseServices } from '../../../src/data/firebase/services';
import { createAccount, markEmailVerified, signInWithPassword, uniqueEmail } from '../../support/authEmulator';

const config = readConfig({}, { emulatorPorts: { auth: 9099, firestore: 8080, functions: 5001 } });
const services = createFirebaseServices(config, 'emulator-account-password');
let gateway: AuthGateway | undefined;

async function signedIn(label: string, password = 'old-password-1') {
  gateway ??= createFirebaseAuthGateway(await services.auth(), { emulator: true });
  const email = uniqueEmail(label);
  const { localId } = await createAccount(email, password);
  await gateway.signInWithEmail(email, password);
  return { gateway, email, uid: localId };
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  const error: unknown = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AuthServiceError);
  return (error as AuthServiceError).code;
}

afterEach(async () => {
  await gateway?.signOut();
});

describe('changeAccountPassword (Auth emulator)', () => {
  it('re-authenticates with the current password, then only the new one signs in', async () => {
    const { gateway: auth, email } = await signedIn('pw-change');
    await auth.changeAccountPassword('old-password-1', 'new-password-2');
    await expect(signInWithPassword(email, 'new-password-2')).resolves.toHaveProperty('idToken');
    await expect(signInWithPassword(email, 'old-password-1')).rejects.toThrow();
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { gateway: auth, email } = await signedIn('pw-wrong');
    expect(['auth/wrong-password', 'auth/invalid-credential']).toContain(await codeOf(auth.changeAccountPassword('nope-nope', 'new-password-2')));
    await expect(signInWithPassword(email, 'old-password-1')).resolves.toBeTruthy();
  });

  it('refuses a weak new password', async () => {
    const { gateway: auth } = await signedIn('pw-weak');
    expect(await codeOf(auth.changeAccountPassword('old-password-1', '123'))).toBe('auth/weak-password');
  });
});

describe('reloadUser (Auth emulator)', () => {
  it('sees an address verified elsewhere', async () => {
    const { gateway: auth, uid } = await signedIn('reload');
    expect((await auth.reloadUser())?.emailVerified).toBe(false);
    await markEmailVerified(uid);
    expect((await auth.reloadUser())?.emailVerified).toBe(true);
  });

  it('is null when signed out', async () => {
    gateway ??= createFirebaseAuthGateway(await services.auth(), { emulator: true });
    await gateway.signOut();
    expect(await gateway.reloadUser()).toBeNull();
  });
});
