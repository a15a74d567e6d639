// The web vault's origins, the only pages the extension lets connect (docs/extension.md, "Locking
// with the web vault"). Read at build time from the app's own VITE_* variables by
// extension/vite.config.ts, which writes them into the manifest's externally_connectable and into
// the worker's check. Pure, so it is unit-tested.

type Env = Readonly<Record<string, string | undefined>>;

/** `npm start`'s web vault (Vite's dev server) under both loopback names. */
export const EMULATOR_WEB_VAULT_ORIGINS: readonly string[] = ['http://127.0.0.1:5173', 'http://localhost:5173'];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * `VITE_WEB_VAULT_URL` (one address, its origin is kept; https, or http on a loopback host only);
 * else, for the emulators (the app's rule: no project, or a demo- one), `npm start`'s dev server;
 * else the project's Firebase Hosting origins, where `firebase deploy` puts the app.
 */
export function webVaultOrigins(env: Env): readonly string[] {
  const url = setting(env, 'VITE_WEB_VAULT_URL');
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`VITE_WEB_VAULT_URL: "${url}" is not an address`);
    }
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname))) {
      throw new Error(`VITE_WEB_VAULT_URL: "${url}" must be https (http only on a loopback host)`);
    }
    return [parsed.origin];
  }
  const projectId = setting(env, 'VITE_FIREBASE_PROJECT_ID');
  const emulators = setting(env, 'VITE_USE_EMULATORS');
  const useEmulators = emulators === undefined ? projectId === undefined || projectId.startsWith('demo-') : emulators === 'true' || emulators === '1';
  if (useEmulators || projectId === undefined) return EMULATOR_WEB_VAULT_ORIGINS;
  return [`https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];
}

/** The manifest's externally_connectable.matches for those origins: each origin, any path. */
export function connectableMatches(origins: readonly string[]): string[] {
  return origins.map((origin) => `${origin}/*`);
}
