import { setGlobalOptions } from 'firebase-functions/v2';

// Options every function shares. firebase-functions reads the global options when a function is
// *defined*, so this module must run before any function module: index.ts imports it first (an
// import evaluates in order; a setGlobalOptions call in index.ts's own body would come after every
// re-exported function, and be ignored).
//
// App Check (docs/account.md): off until the web app sends App Check tokens; a project turns it
// on with ENFORCE_APP_CHECK=true in functions/.env.<projectId> (Firebase loads that file into the
// environment before the code), and every callable then refuses a request without a valid token.

export function enforceAppCheckFromEnv(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.ENFORCE_APP_CHECK === 'true';
}

setGlobalOptions({ region: 'us-central1', maxInstances: 10, enforceAppCheck: enforceAppCheckFromEnv(process.env) });
