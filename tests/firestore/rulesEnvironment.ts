// One rules-test environment per test file, with the project's own rules loaded.
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
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

/** The modular SDK's view of a signed-in user's Firestore in the test environment. */
export function firestoreAs(env: RulesTestEnvironment, uid: string): Firestore {
  // rules-unit-testing hands out its own instance type; the modular functions accept it at run time.
  return env.authenticatedContext(uid).firestore() as unknown as Firestore;
}
