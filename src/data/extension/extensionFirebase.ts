// Firebase for the browser extension (docs/extension.md, "Session"): what its popup needs, on the
// SDK entry points that work in an extension. Auth through `firebase/auth/web-extension`, which
// persists the signed-in user in the extension's IndexedDB and loads no remote script (no
// reCAPTCHA, no sign-in popup helpers: Manifest V3 forbids remote code). Firestore through the lite
// SDK: the popup only reads (the user record, the team list, the vaults' pages), one REST request each, with no
// listen stream, cache or persistence to keep.
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
import { collection, connectFirestoreEmulator, doc, getDoc, getDocs, getFirestore, orderBy, query, where } from 'firebase/firestore/lite';
import { AuthServiceError } from '../auth/authGateway';
import type { AppConfig } from '../config';
import { litePageReader, type PageReader } from '../firestore/litePages';
import { teamFrom, userRecordFrom } from '../firestore/storedDocuments';
import { MalformedRecordError } from '../malformedRecord';
import type { StoredTeam } from '../teams/storedTeams';
import type { StoredUserRecord } from '../users/userRecord';
import type { WithId } from '../vault/storedEntries';

export interface ExtensionUser {
  readonly uid: string;
  readonly email: string;
}

export type ExtensionSignIn =
  | { readonly kind: 'signed-in'; readonly user: ExtensionUser }
  /** The account has an authenticator app: its current code completes the sign-in. */
  | { readonly kind: 'second-factor'; verify(code: string): Promise<ExtensionSignIn> }
  /** The account's only second factor is a text message, which needs reCAPTCHA: not in an extension. */
  | { readonly kind: 'unsupported-second-factor' };

export interface ExtensionFirebase {
  /** The signed-in user once the persisted session has loaded, or null. */
  currentUser(): Promise<ExtensionUser | null>;
  /** Rejects with AuthServiceError (the service's code). */
  signIn(email: string, password: string): Promise<ExtensionSignIn>;
  signOut(): Promise<void>;
  /** The user's record, or null when the account has none (no vault set up yet). */
  userRecord(uid: string): Promise<StoredUserRecord | null>;
  /**
   * The teams `uid` is a member of, by name: the web vault's team list query (memberIds, deleting
   * teams left out). A team document of the wrong shape is left out (the web vault flags it).
   */
  teams(uid: string): Promise<WithId<StoredTeam>[]>;
  /** Whole-vault reads in pages, as the app's lite reader. */
  readonly pages: PageReader;
}

function wellFormedTeams(documents: readonly (readonly [string, unknown])[]): WithId<StoredTeam>[] {
  const teams: WithId<StoredTeam>[] = [];
  for (const [id, data] of documents) {
    try {
      teams.push({ id, data: teamFrom(`teams/${id}`, data as Record<string, unknown>) });
    } catch (error) {
      if (!(error instanceof MalformedRecordError)) throw error;
    }
  }
  return teams;
}

/** Firebase's errors leave as the app's AuthServiceError, with the service's code. */
async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FirebaseError) throw new AuthServiceError(error.code, error.message);
    throw error;
  }
}

const userOf = (user: User): ExtensionUser => ({ uid: user.uid, email: user.email ?? '' });

export function extensionFirebase(config: AppConfig): ExtensionFirebase {
  const app = initializeApp({ ...config.firebase });
  const auth = getAuth(app);
  const db = getFirestore(app);
  if (config.emulators !== null) {
    connectAuthEmulator(auth, `http://${config.emulators.host}:${config.emulators.authPort}`, { disableWarnings: true });
    connectFirestoreEmulator(db, config.emulators.host, config.emulators.firestorePort);
  }

  const signIn = async (email: string, password: string): Promise<ExtensionSignIn> => {
    try {
      return { kind: 'signed-in', user: userOf((await signInWithEmailAndPassword(auth, email, password)).user) };
    } catch (error) {
      if (!(error instanceof FirebaseError && error.code === 'auth/multi-factor-auth-required')) throw error;
      const resolver = getMultiFactorResolver(auth, error as MultiFactorError);
      const totp = resolver.hints.find((hint) => hint.factorId === TotpMultiFactorGenerator.FACTOR_ID);
      if (totp === undefined) return { kind: 'unsupported-second-factor' };
      return {
        kind: 'second-factor',
        verify: (code) =>
          translated(async () => ({
            kind: 'signed-in',
            user: userOf((await resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(totp.uid, code))).user),
          })),
      };
    }
  };

  return {
    async currentUser() {
      await auth.authStateReady();
      return auth.currentUser === null ? null : userOf(auth.currentUser);
    },
    signIn: (email, password) => translated(() => signIn(email, password)),
    signOut: () => translated(() => signOut(auth)),
    async userRecord(uid) {
      const path = `users/${uid}`;
      const snapshot = await getDoc(doc(db, path));
      return snapshot.exists() ? userRecordFrom(path, snapshot.data()) : null;
    },
    async teams(uid) {
      const found = await getDocs(query(collection(db, 'teams'), where('memberIds', 'array-contains', uid), where('deleting', '==', false), orderBy('name')));
      return wellFormedTeams(found.docs.map((snapshot) => [snapshot.id, snapshot.data()] as const));
    },
    pages: litePageReader(db),
  };
}
