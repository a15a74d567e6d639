import { FirebaseError, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  getMultiFactorResolver,
  signInWithEmailAndPassword,
  signOut,
  TotpMultiFactorGenerator,
  type MultiFactorError,
  type User,
} from 'firebase/auth/web-extension';
import { connectFirestoreEmulator, doc, getDoc, getFirestore } from 'firebase/firestore/lite';
import { unlockVaultKeyBytes } from '../../../src/crypto';
import { AuthServiceError } from '../../../src/data/auth/authGateway';
import type { AppConfig } from '../../../src/data/config';
import { litePageReader } from '../../../src/data/firestore/litePages';
import { userRecordFrom } from '../../../src/data/firestore/storedDocuments';
import { masterKeyMaterialOf } from '../../../src/data/users/userRecord';
import { forgetVaultKey, hasVaultKey, keepVaultKey, keptVaultKey, type SessionArea } from './vaultKeyStore';
import { readOnlyVault } from './readOnlyVault';
import type { ExtensionSession, SessionState, SignInOutcome } from './session';

// The extension's session on Firebase (docs/extension.md, "Session"). Auth through
// `firebase/auth/web-extension`, the entry point Firebase makes for extensions: it persists the
// signed-in user in the extension's IndexedDB and loads no remote script (no reCAPTCHA, no
// sign-in popup helpers), which Manifest V3 forbids. Firestore through the lite SDK: the popup only
// reads (the user record, the vault's pages), one REST request each, no listen stream or cache.

/** Firebase's errors leave as the app's AuthServiceError, with the service's code. */
async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FirebaseError) throw new AuthServiceError(error.code, error.message);
    throw error;
  }
}

export function firebaseSession(config: AppConfig, area: SessionArea): ExtensionSession {
  const app = initializeApp({ ...config.firebase });
  const auth = getAuth(app);
  const db = getFirestore(app);
  if (config.emulators !== null) {
    connectAuthEmulator(auth, `http://${config.emulators.host}:${config.emulators.authPort}`, { disableWarnings: true });
    connectFirestoreEmulator(db, config.emulators.host, config.emulators.firestorePort);
  }

  const user = async (): Promise<User | null> => {
    await auth.authStateReady();
    return auth.currentUser;
  };
  const requireUser = async (): Promise<User> => {
    const current = await user();
    if (current === null) throw new AuthServiceError('auth/no-current-user', 'Not signed in.');
    return current;
  };

  const signedIn = (signedInUser: User): SignInOutcome => ({ kind: 'signed-in', email: signedInUser.email ?? '' });

  return {
    async state(): Promise<SessionState> {
      const current = await user();
      if (current === null) return { screen: 'signed-out' };
      const email = current.email ?? '';
      return (await hasVaultKey(area, current.uid)) ? { screen: 'unlocked', email } : { screen: 'locked', email };
    },

    signIn: (email, password) =>
      translated(async () => {
        try {
          return signedIn((await signInWithEmailAndPassword(auth, email, password)).user);
        } catch (error) {
          if (!(error instanceof FirebaseError && error.code === 'auth/multi-factor-auth-required')) throw error;
          const resolver = getMultiFactorResolver(auth, error as MultiFactorError);
          // An authenticator app's code needs nothing from the page; a text message needs
          // reCAPTCHA, which an extension may not load (docs/extension.md).
          const totp = resolver.hints.find((hint) => hint.factorId === TotpMultiFactorGenerator.FACTOR_ID);
          if (totp === undefined) return { kind: 'unsupported-second-factor' };
          return {
            kind: 'second-factor',
            verify: (code: string) =>
              translated(async () => signedIn((await resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(totp.uid, code))).user)),
          };
        }
      }),

    async unlock(masterPassword) {
      const current = await requireUser();
      const path = `users/${current.uid}`;
      const snapshot = await getDoc(doc(db, path));
      if (!snapshot.exists()) throw new Error('This account has no vault yet: set it up in the Keyloft web vault first.');
      const record = userRecordFrom(path, snapshot.data());
      const raw = await unlockVaultKeyBytes(masterPassword, masterKeyMaterialOf(record));
      await keepVaultKey(area, current.uid, raw);
    },

    lock: () => forgetVaultKey(area),

    async signOut() {
      await forgetVaultKey(area);
      await translated(() => signOut(auth));
    },

    async vault() {
      const current = await requireUser();
      const vaultKey = await keptVaultKey(area, current.uid);
      if (vaultKey === null) return null;
      return readOnlyVault({ pages: litePageReader(db), userId: current.uid, vaultKey });
    },
  };
}
