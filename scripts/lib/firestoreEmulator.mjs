// One way to get a Firestore emulator (docs/emulators.md):
// 1. firebase-tools' own, where Java 21+ and its cached JAR are present (it then runs inside
//    `firebase emulators:exec` with the others and reloads the rules itself);
// 2. otherwise Google Cloud CLI's emulator JAR, which runs on Java 17: we start it ourselves on
//    firebase.json's port, load firestore.rules over its REST API and export
//    FIRESTORE_EMULATOR_HOST, which the Functions emulator hands to firebase-admin;
// 3. otherwise one message that names what to install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-keyloft';
export const MIN_FIREBASE_TOOLS_JAVA = 21;
export const JAR_VARIABLE = 'FIRESTORE_EMULATOR_JAR';
const CLOUD_SDK_JAR = join('platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');
const DEBIAN_SDK_ROOT = '/usr/lib/google-cloud-sdk';
const INSTALL_HINT =
  'install Google Cloud CLI\'s Firestore emulator (Debian: apt-get install -y google-cloud-cli-firestore-emulator ' +
  `default-jre-headless), or Java ${MIN_FIREBASE_TOOLS_JAVA}+ for firebase-tools' own emulator, or set ${JAR_VARIABLE} ` +
  'to a cloud-firestore-emulator.jar';

/** Ports and host from firebase.json, the one source the app, the scripts and the tests share. */
export function emulatorPorts() {
  const { emulators } = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
  return emulators;
}

export function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  // Java 8 and older report "1.8.0".
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

function firebaseToolsJarCached() {
  const dir = join(homedir(), '.cache', 'firebase', 'emulators');
  return existsSync(dir) && readdirSync(dir).some((name) => /^cloud-firestore-emulator.*\.jar$/.test(name));
}

function cloudSdkRoot() {
  const result = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  const root = result.status === 0 ? result.stdout.trim() : '';
  return root !== '' ? root : DEBIAN_SDK_ROOT;
}

/**
 * Where this machine's Firestore emulator comes from:
 * { kind: 'firebase-tools' } | { kind: 'jar', jar } | { kind: 'missing', reason }.
 */
export function locateFirestoreEmulator(env = process.env) {
  const java = javaMajorVersion();
  if (java === null) return { kind: 'missing', reason: `no Java runtime found; ${INSTALL_HINT}` };

  const configured = env[JAR_VARIABLE]?.trim();
  if (configured) {
    return existsSync(configured)
      ? { kind: 'jar', jar: configured }
      : { kind: 'missing', reason: `${JAR_VARIABLE} names ${configured}, which does not exist` };
  }
  if (java >= MIN_FIREBASE_TOOLS_JAVA && firebaseToolsJarCached()) return { kind: 'firebase-tools' };
  const sdkJar = join(cloudSdkRoot(), CLOUD_SDK_JAR);
  if (existsSync(sdkJar)) return { kind: 'jar', jar: sdkJar };
  if (java >= MIN_FIREBASE_TOOLS_JAVA) {
    const download = spawnSync('npx', ['firebase', 'setup:emulators:firestore'], { encoding: 'utf8', timeout: 180_000 });
    if (download.status === 0 && firebaseToolsJarCached()) return { kind: 'firebase-tools' };
    return {
      kind: 'missing',
      reason: `Java ${java} is present but firebase-tools could not download its Firestore emulator JAR; ${INSTALL_HINT}`,
    };
  }
  return { kind: 'missing', reason: `Java ${java} is installed and no Cloud CLI Firestore emulator was found; ${INSTALL_HINT}` };
}

/** Resolves when host:port can be bound; otherwise rejects naming the port and what holds it. */
export function assertPortFree(host, port, what) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      const holder = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
      const process = /users:\(\("([^"]+)",pid=(\d+)/.exec(holder.stdout ?? '');
      const who = process ? `${process[1]} (pid ${process[2]})` : 'another process';
      reject(new Error(`port ${port} on ${host}, needed by the ${what}, is taken by ${who}; stop it and try again`));
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * Checks every port the named emulators (plus the hub and logging, which firebase-tools always
 * starts) and any extra ones need, before anything starts, so a taken port is named up front.
 */
export async function assertEmulatorPortsFree(names, extra = []) {
  const config = emulatorPorts();
  const wanted = [...names, 'hub', 'logging']
    .filter((name) => config[name]?.port)
    .map((name) => ({ host: config[name].host ?? '127.0.0.1', port: config[name].port, what: `${name} emulator` }));
  for (const { host, port, what } of [...wanted, ...extra]) await assertPortFree(host, port, what);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function answersOk(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok && (await response.text()).trim() === 'Ok';
  } catch {
    return false;
  }
}

/** Loads the rules into a running emulator; rejects with the compiler's message if they do not compile. */
export async function loadRules(hostPort, projectId = PROJECT_ID, rulesPath = join(ROOT, 'firestore.rules')) {
  const response = await fetch(`http://${hostPort}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: readFileSync(rulesPath, 'utf8') }] } }),
  });
  if (!response.ok) throw new Error(`firestore.rules did not load: ${await response.text()}`);
}

/**
 * Starts the Cloud CLI emulator JAR on firebase.json's Firestore port, waits until it answers,
 * loads the rules, and returns { hostPort, stop }. Its log goes to firestore-debug.log.
 */
export async function startFirestoreJar(jar, { timeoutMs = 90_000 } = {}) {
  const { host = '127.0.0.1', port = 8080 } = emulatorPorts().firestore ?? {};
  await assertPortFree(host, port, 'Firestore emulator');
  const logPath = join(ROOT, 'firestore-debug.log');
  mkdirSync(dirname(logPath), { recursive: true });
  const log = openSync(logPath, 'w');
  const child = spawn(
    'java',
    ['-Duser.language=en', '-cp', jar, 'com.google.cloud.datastore.emulator.firestore.CloudFirestore', 'start', `--host=${host}`, `--port=${port}`],
    { stdio: ['ignore', log, log] },
  );
  closeSync(log);
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = signal ?? String(code);
  });
  const stop = () => {
    if (exited === null) child.kill('SIGTERM');
  };
  // A parent that exits for any reason takes the JVM with it: no orphaned emulators.
  process.once('exit', stop);

  const hostPort = `${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await answersOk(`http://${hostPort}/`))) {
    if (exited !== null) {
      throw new Error(`the Firestore emulator exited (${exited}) before it was ready; see firestore-debug.log`);
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the Firestore emulator did not answer on ${hostPort} within ${timeoutMs / 1000} s; see firestore-debug.log`);
    }
    await sleep(250);
  }
  try {
    await loadRules(hostPort);
  } catch (error) {
    stop();
    throw error;
  }
  const stopped = new Promise((resolve) => (exited !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    hostPort,
    stop: async () => {
      stop();
      await Promise.race([stopped, sleep(10_000)]);
      if (exited === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Gets a Firestore emulator for `firebase emulators:exec`: returns the emulators to add to --only,
 * the environment for the command, and a stop function. Throws with the exact reason when none
 * can be had on this machine.
 */
export async function provideFirestore(located = locateFirestoreEmulator()) {
  if (located.kind === 'missing') throw new Error(`the Firestore emulator cannot start: ${located.reason}`);
  if (located.kind === 'firebase-tools') {
    return { only: ['firestore'], env: {}, hostPort: null, stop: async () => {} };
  }
  const emulator = await startFirestoreJar(located.jar);
  return { only: [], env: { FIRESTORE_EMULATOR_HOST: emulator.hostPort }, hostPort: emulator.hostPort, stop: emulator.stop };
}
