// firebase.json holds what production serves: its Content-Security-Policy names only the hosts
// production reaches (issue #41). The Hosting emulator serves the production build to the browser
// tier, whose app talks to the Auth, Firestore and Functions emulators on local ports, so the
// emulators run with a configuration made from firebase.json at start: the same file with those
// origins added to the CSP's connect-src and nothing else changed (docs/emulators.md, "The
// emulators' configuration"). firebase-tools takes the project directory from the config file's
// folder, so the file is written beside firebase.json (ignored by git).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './firestoreEmulator.mjs';

export const EMULATOR_CONFIG_FILE = 'firebase.emulators.json';
const CSP_HEADER = 'content-security-policy';
/** The emulators the app itself calls (src/data's connect*Emulator calls). */
const APP_EMULATORS = ['auth', 'firestore', 'functions'];

/** http://host:port of each emulator the app calls, from firebase.json's emulators block. */
export function appEmulatorOrigins(emulators) {
  return APP_EMULATORS.map((name) => {
    const { host = '127.0.0.1', port } = emulators?.[name] ?? {};
    if (!Number.isInteger(port)) throw new Error(`firebase.json: emulators.${name}.port is missing`);
    return `http://${host}:${port}`;
  });
}

/** The policy with `origins` added to connect-src; throws when it has no connect-src to add them to. */
export function withConnectOrigins(policy, origins) {
  const directives = policy.split(';').map((part) => part.trim());
  const at = directives.findIndex((part) => part.split(/\s+/)[0] === 'connect-src');
  if (at === -1) throw new Error('the Content-Security-Policy in firebase.json has no connect-src');
  const present = new Set(directives[at].split(/\s+/));
  directives[at] = [directives[at], ...origins.filter((origin) => !present.has(origin))].join(' ');
  return directives.join('; ');
}

/**
 * firebase.json's configuration as the emulators run it: every hosting header block's CSP with the
 * app's emulator origins in connect-src. Throws when no CSP header is found, so a renamed header
 * cannot quietly leave the browser tier without one.
 */
export function emulatorConfig(config) {
  const origins = appEmulatorOrigins(config.emulators);
  let found = 0;
  const headers = (config.hosting?.headers ?? []).map((block) => ({
    ...block,
    headers: block.headers.map((header) => {
      if (header.key.toLowerCase() !== CSP_HEADER) return header;
      found += 1;
      return { ...header, value: withConnectOrigins(header.value, origins) };
    }),
  }));
  if (found === 0) throw new Error('firebase.json: hosting.headers has no Content-Security-Policy');
  return { ...config, hosting: { ...config.hosting, headers } };
}

/**
 * Writes firebase.emulators.json from firebase.json (through a temporary file and a rename, so two
 * runs in one clone never read half a file) and returns its name, for `firebase --config`.
 */
export function writeEmulatorConfig(root = ROOT) {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const target = join(root, EMULATOR_CONFIG_FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(emulatorConfig(config), null, 2)}\n`);
  renameSync(temporary, target);
  return EMULATOR_CONFIG_FILE;
}
