// `npm start`: the app on the local Firebase Emulator Suite — Auth, Functions and Firestore
// emulators plus the Vite dev server, on the production data layer. Emailed links are printed
// as links to the app's own pages. The browser extension is built too, and its folder printed,
// with a demo login page to try it on (scripts/lib/demoLoginPage.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ID, ROOT, assertEmulatorPortsFree, emulatorPorts, loadRules, provideFirestore } from './lib/firestoreEmulator.mjs';
import { DEMO_LOGIN_PORT, startDemoLoginPage } from './lib/demoLoginPage.mjs';
import { relayEmailedLinks } from './lib/emailedLinks.mjs';
import { FAKE_PUBLISHABLE_KEY, startFakeStripe } from './lib/fakeStripe.mjs';

const APP_URL = 'http://127.0.0.1:5173';

const build = spawnSync('npm', ['run', '--silent', '-w', 'functions', 'build'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('start: the functions/ package did not compile; fix the errors above first.');
  process.exit(build.status ?? 1);
}

// The browser extension (docs/extension.md), built from the same environment as the app, so with
// none set it talks to these emulators; its folder is printed below for Chromium's "Load unpacked".
// The app does not need it: a failed build is reported and the app starts anyway.
const EXTENSION_DIR = join(ROOT, 'extension', 'dist');
const extensionBuild = spawnSync('node', ['scripts/build-extension.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
const extensionLine =
  extensionBuild.status === 0
    ? `Extension: ${EXTENSION_DIR}  (chrome://extensions → Developer mode → Load unpacked)`
    : 'Extension: not built (the errors are above); the app runs without it.';

let firestore;
// Billing calls go to the local fake Stripe server (docs/billing.md): checkout and portal links
// open its placeholder pages.
let stripe = null;
// The demo login page, a site of its own on loopback, for the extension's Fill.
let demo = null;
try {
  await assertEmulatorPortsFree(['auth', 'functions', 'firestore'], [
    { host: '127.0.0.1', port: 5173, what: 'Vite dev server' },
    { host: '127.0.0.1', port: DEMO_LOGIN_PORT, what: 'demo login page' },
  ]);
  stripe = await startFakeStripe();
  demo = await startDemoLoginPage();
  firestore = await provideFirestore();
} catch (error) {
  console.error(`\nstart: ${error.message}.`);
  await Promise.all([stripe?.stop(), demo?.stop()]);
  process.exit(1);
}

let shuttingDown = false;
async function shutDown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  await Promise.all([firestore.stop(), stripe.stop(), demo.stop()]);
  process.exit(code);
}

if (firestore.hostPort) {
  // Rules edits take effect at once: the emulator accepts a new ruleset over its REST API.
  let timer;
  watch(join(ROOT, 'firestore.rules'), () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      loadRules(firestore.hostPort).then(
        () => console.log('start: firestore.rules reloaded'),
        (error) => console.error(`start: ${error.message}`),
      );
    }, 200);
  });
}

const only = ['auth', 'functions', ...firestore.only].join(',');
console.log(`\nEmulators: ${only}${firestore.hostPort ? `, firestore (Cloud CLI JAR on ${firestore.hostPort})` : ''}.`);
console.log(`Fake Stripe (billing): http://127.0.0.1:${stripe.port}/`);
console.log(`App: ${APP_URL}/  (Ctrl-C stops everything)`);
console.log(extensionLine);
console.log(`Demo login page: ${demo.url}  (save a login for this address in the app, then fill it from the extension)`);
console.log('Emailed links appear below as "Email link" lines; custom emails are also written to functions/outbox/.\n');

// Its own process group, so that a signal reaches firebase-tools, every emulator and Vite alike
// (npx does not pass signals on to its children).
const child = spawn('npx', ['firebase', 'emulators:exec', '--only', only, '--project', PROJECT_ID, 'npx vite'], {
  // No stdin: a background process group that read the terminal would be stopped (SIGTTIN).
  stdio: ['ignore', 'inherit', 'inherit'],
  // Upgrade is enabled only with a publishable key; locally the fake's, so checkout can be tried.
  env: { VITE_STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY, ...process.env, ...firestore.env },
  detached: true,
});
const { host: authHost = '127.0.0.1', port: authPort = 9099 } = emulatorPorts().auth ?? {};
const relay = relayEmailedLinks({ appUrl: APP_URL, authOrigin: `http://${authHost}:${authPort}`, print: (line) => console.log(line) });
const signalGroup = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    signalGroup(signal);
    // firebase-tools exports emulator data and stops each emulator; give it time, then insist.
    setTimeout(() => signalGroup('SIGKILL'), 15_000).unref();
  });
}
child.on('exit', (code) => {
  relay.stop();
  signalGroup('SIGTERM');
  void shutDown(code ?? 0);
});
