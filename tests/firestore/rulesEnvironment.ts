// One rules-test environment per test file, with the project's own rules loaded.
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import type { Firestore as LiteFirestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll } from 'vitest';

/** Registers the hooks; the returned getter gives the environment inside tests. */
export function useRulesEnvironment(): () => RulesTestEnvironment {
  let env: RulesTestEnvironment | undefined;
  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: 'demo-keyloft',
      firestore: { rules: readFileSync('firestore.rules', 'utf8') },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });
  return () => {
    if (!env) throw new Error('the rules environment is not ready');
    return env;
  };
}

/** ID-token claims the rules read: the address and the sign-in provider. */
export interface TokenClaims {
  /** Omitted: a token without an email (some third-party accounts). */
  readonly email?: string;
  /** firebase.sign_in_provider, e.g. 'password', 'google.com'. */
  readonly provider?: string;
  /** email_verified; true unless told (an address the user proved). */
  readonly verified?: boolean;
}

/** An email-and-password user `uid` with the address `${uid}@example.com`, unless told otherwise. */
export function tokenFor(uid: string, claims: TokenClaims = { email: `${uid}@example.com` }): Record<string, unknown> {
  return {
    firebase: { sign_in_provider: claims.provider ?? 'password' },
    ...(claims.email === undefined ? {} : { email: claims.email, email_verified: claims.verified ?? true }),
  };
}

/** The modular SDK's view of a signed-in user's Firestore in the test environment. */
export function firestoreAs(env: RulesTestEnvironment, uid: string, claims?: TokenClaims): Firestore {
  // rules-unit-testing hands out its own instance type; the modular functions accept it at run time.
  return env.authenticatedContext(uid, tokenFor(uid, claims)).firestore() as unknown as Firestore;
}

/**
 * The lite SDK as the signed-in user `uid` (a mock ID token, as the environment's own contexts
 * use), on the emulator the environment runs: for reads made through firebase/firestore/lite.
 */
export async function liteFirestoreAs(env: RulesTestEnvironment, uid: string, claims?: TokenClaims): Promise<LiteFirestore> {
  const [{ initializeApp }, { connectFirestoreEmulator, getFirestore }] = await Promise.all([import('firebase/app'), import('firebase/firestore/lite')]);
  const app = initializeApp({ projectId: env.projectId }, `lite-${uid}-${crypto.randomUUID()}`);
  const db = getFirestore(app);
  const { host, port } = env.emulators.firestore!;
  connectFirestoreEmulator(db, host, port, { mockUserToken: { sub: uid, user_id: uid, ...tokenFor(uid, claims) } as never });
  return db;
}

/** The actor a repository names in a team write's activity-log event, as `firestoreAs(env, uid, claims)` signs in (issue #24). */
export function actorAs(uid: string, claims: TokenClaims = { email: `${uid}@example.com` }): () => { uid: string; email: string } {
  return () => ({ uid, email: claims.email ?? '' });
}
