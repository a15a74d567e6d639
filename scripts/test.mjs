// `npm test`: every tier, in order, with one summary line. A tier that cannot run on this
// machine prints `SKIPPED <tier> tier: <reason>` and never counts as passed; under CI (`CI` set)
// it is a failure instead, since .ci/run installs what the tiers need.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeEmulatorConfig } from './lib/emulatorConfig.mjs';
import { PROJECT_ID, assertEmulatorPortsFree, locateFirestoreEmulator, provideFirestore } from './lib/firestoreEmulator.mjs';
import { FAKE_PUBLISHABLE_KEY, startFakeStripe } from './lib/fakeStripe.mjs';
import { newEmulatorLogPath, runTeed } from './lib/teeOutput.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = mkdtempSync(join(tmpdir(), 'keyloft-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];
// CI keeps only the end of a long log, so the summary repeats which tests failed and why.
const failures = [];
// The browser tier tests the production build that the build step below makes, on the emulators
// (a developer's .env.local must not point it at a real project). A fake publishable test key
// turns on the Upgrade button (docs/billing-ui.md); checkout itself goes to the fake Stripe server.
const testEnv = {
  ...process.env,
  FORCE_COLOR: '0',
  VITE_USE_EMULATORS: 'true',
  VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
  VITE_STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
};

async function run(label, command, args, env = testEnv, { teeTo } = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const status = teeTo === undefined ? spawnSync(command, args, { stdio: 'inherit', env }).status : await runTeed(command, args, { env, logPath: teeTo });
  const ok = status === 0;
  results.push({ label, status: ok ? 'passed' : 'FAILED', seconds: (Date.now() - started) / 1000 });
  return ok;
}

/** Browser test files run on one Firestore emulator before it is started afresh (see below). */
const BROWSER_FILES_PER_EMULATOR = 7;
/**
 * Stores a 1,000-entry vault, so it runs in a part of its own: the emulator scans the whole
 * collection for every query, and the files after it paid for its entries (a sign-up's empty vault
 * past 15 s); deleting them again took longer still.
 */
const BIG_VAULT_BROWSER_TEST = 'tests/browser/loadingTruth.test.ts';

/** The browser tier's files in parts of at most BROWSER_FILES_PER_EMULATOR, the big vault alone last. */
function browserTestParts() {
  const files = readdirSync('tests/browser')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `tests/browser/${name}`)
    .filter((file) => file !== BIG_VAULT_BROWSER_TEST)
    .sort();
  const parts = [];
  for (let start = 0; start < files.length; start += BROWSER_FILES_PER_EMULATOR) parts.push(files.slice(start, start + BROWSER_FILES_PER_EMULATOR));
  return [...parts, [BIG_VAULT_BROWSER_TEST]];
}

async function vitest(label, projects, { wrap = (args) => ['npx', args], env = testEnv, teeTo, files = [] } = {}) {
  const report = join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const [command, commandArgs] = wrap(args);
  const ok = await run(label, command, commandArgs, env, { teeTo });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    failures.push(...failedTests(json));
    if (json.numTotalTests === 0) {
      console.error(`${label}: no test ran`);
      results.at(-1).status = 'FAILED';
      return false;
    }
    rmSync(report);
  } else if (ok) {
    results.at(-1).status = 'FAILED (no report)';
  }
  return ok;
}

function failedTests(json) {
  return json.testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    const where = file.name.replace(`${process.cwd()}/`, '');
    if (failed.length === 0 && file.status === 'failed') return [{ name: where, reason: failureReason(file.message) }];
    return failed.map((test) => ({ name: `${where} > ${test.fullName}`, reason: failureReason(test.failureMessages?.[0]) }));
  });
}

/**
 * The error's first line, then where it happened: a Playwright timeout's first line names only the
 * action, so the locator it waited for and the test file's line come along.
 */
function failureReason(text = '') {
  const lines = text.split('\n').map((line) => line.trim());
  const first = lines.find((line) => line !== '')?.slice(0, 300) ?? '';
  const waitedFor = lines.find((line) => line.startsWith('- waiting for'));
  const cwd = `${process.cwd()}/`;
  const frames = lines.filter((line) => line.startsWith('at ') && /\/tests\/.*\.tsx?:\d+/.test(line));
  const where = [frames[0], frames.find((line) => /\.test\.tsx?:\d+/.test(line))];
  return [first, waitedFor?.slice(0, 300), ...new Set(where)]
    .filter(Boolean)
    .map((line) => line.replace(cwd, ''))
    .join('\n        ');
}

function cannotRun(tier, reason) {
  if (process.env.CI) {
    console.error(`${tier} tier cannot run: ${reason}`);
    results.push({ label: `${tier} tier`, status: `FAILED: ${reason}`, seconds: 0 });
    return;
  }
  console.log(`SKIPPED ${tier} tier: ${reason}`);
  results.push({ label: `${tier} tier`, status: `SKIPPED: ${reason}`, seconds: 0 });
}

/** Stops the Firestore emulator and starts a new one on the same port: null if it cannot start. */
async function freshFirestore(running) {
  await running.stop();
  try {
    return await provideFirestore(located);
  } catch (error) {
    console.error(`the Firestore emulator did not start again: ${error.message}`);
    return null;
  }
}

/** `firebase emulators:exec` around a vitest run, with the Firestore emulator already up. */
function underEmulators(only, firestore) {
  const list = [...only, ...firestore.only].join(',');
  return {
    env: { ...testEnv, ...firestore.env },
    // firebase.json plus the emulators' local origins in the CSP (scripts/lib/emulatorConfig.mjs).
    wrap: (args) => ['npx', ['firebase', 'emulators:exec', '--config', writeEmulatorConfig(), '--only', list, '--project', PROJECT_ID, `npx ${args.join(' ')}`]],
    teeTo: newEmulatorLogPath(),
  };
}

await run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
await run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
// No import circles in src/ and functions/src/, type-only and dynamic imports included (.dependency-cruiser.mjs).
await run('import cycles', 'npx', ['depcruise', '.', '--config', '.dependency-cruiser.mjs']);
// No source file over 350 lines in src/, functions/src/ (and extension/): scripts/lib/fileLength.mjs.
await run('source file length', 'node', ['scripts/check-file-length.mjs']);
await vitest('unit and component tiers', ['unit', 'component']);
const built = await run('production build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
if (built) await run('production bundle check', 'node', ['scripts/check-bundle.mjs', 'dist']);
// The browser extension (docs/extension.md), built from the same environment as the app, its
// manifest checked against the permissions the doc names. Loaded into Chromium below, on the Auth
// and Firestore emulators (it signs in there).
const extensionBuilt = await run('extension build', 'node', ['scripts/build-extension.mjs']);
if (extensionBuilt) await run('extension manifest check', 'node', ['scripts/check-extension.mjs']);
const functionsBuilt = await run('functions build', 'npm', ['run', '--silent', '-w', 'functions', 'build']);

// The emulator and firestore tiers share one Firestore emulator; the browser tier starts it afresh
// for each of its parts (below).
const located = locateFirestoreEmulator();
let firestore = null;
if (located.kind === 'missing') {
  for (const tier of ['emulator', 'browser', 'firestore', 'extension browser']) cannotRun(tier, `the Firestore emulator cannot start: ${located.reason}`);
} else {
  try {
    await assertEmulatorPortsFree(['auth', 'functions', 'hosting', 'firestore']);
    firestore = await provideFirestore(located);
  } catch (error) {
    for (const tier of ['emulator', 'browser', 'firestore', 'extension browser']) cannotRun(tier, error.message);
  }
}

if (firestore) {
  const stopFirestore = async () => firestore?.stop();
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopFirestore().then(() => process.exit(130)));

  let browserReady = true;
  if (!existsSync(CHROMIUM)) {
    browserReady = false;
    cannotRun('browser', `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  } else if (!built) {
    browserReady = false;
    cannotRun('browser', 'the production build failed');
  }
  let stripe = null;
  try {
    if (functionsBuilt) stripe = await startFakeStripe();
  } catch (error) {
    // Both tiers that run the functions need it: neither may pass by not running.
    cannotRun('emulator', error.message);
    if (browserReady) cannotRun('browser', error.message);
  }
  // The billing functions reach the fake Stripe server (docs/billing.md) while it runs.
  if (functionsBuilt && stripe) {
    const { env, wrap, teeTo } = underEmulators(['auth', 'functions'], firestore);
    await vitest('emulator tier (Auth, Functions, Firestore emulators)', ['emulator'], { wrap, env, teeTo });
  } else if (!functionsBuilt) {
    cannotRun('emulator', 'the functions/ package did not compile');
  }
  // The rules tests wipe the database, so they run after the tier that keeps users in it.
  await vitest('firestore tier (rules, repositories)', ['firestore'], underEmulators(['auth'], firestore));
  // The extension in Chromium, signing in on the Auth and Firestore emulators: its own accounts
  // (unique addresses), its own pages on an ephemeral loopback port, and Firestore Lite only (no
  // listen stream left open on the emulator, unlike the browser tier's pages below).
  if (!existsSync(CHROMIUM)) cannotRun('extension browser', `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  else if (!extensionBuilt) cannotRun('extension browser', 'the extension build failed');
  else await vitest('extension browser tier (Auth, Firestore emulators)', ['extension'], underEmulators(['auth'], firestore));
  // The browser tier last, in parts, each on a Firestore emulator of its own. The emulator never
  // hears a closed browser page's WebChannel close: it keeps that page's listen targets and queues
  // every later change for it, and once 10,000 messages wait it logs a failure on every write
  // instead (345,000 times, 190 MB of firestore-debug.log, in one run). Every write pays for every
  // page closed before it, so the later files of one long run missed their timeouts (a 60-entry
  // import that takes 5 s alone missed 60 s) and, run first, slowed the other tiers four times.
  if (browserReady && functionsBuilt && stripe) {
    const parts = browserTestParts();
    for (const [index, files] of parts.entries()) {
      if (index > 0) firestore = await freshFirestore(firestore);
      if (firestore === null) {
        results.push({ label: `browser tier, part ${index + 1} of ${parts.length}`, status: 'FAILED: the Firestore emulator did not start again', seconds: 0 });
        break;
      }
      // The browser tier loads dist/ from the Hosting emulator, so firebase.json's headers apply.
      const { env, wrap, teeTo } = underEmulators(['auth', 'functions', 'hosting'], firestore);
      await vitest(`browser tier, part ${index + 1} of ${parts.length} (Auth, Functions, Firestore, Hosting emulators)`, ['browser'], {
        wrap,
        env: { ...env, KEYLOFT_DIST_BUILT: '1' },
        teeTo,
        files,
      });
    }
  } else if (browserReady && !functionsBuilt) {
    cannotRun('browser', 'the functions/ package did not compile');
  }
  await stripe?.stop();
  await stopFirestore();
}

rmSync(reportDir, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const { label, status, seconds } of results) {
  console.log(`${label.padEnd(28)} ${status}${seconds > 0 ? ` (${seconds.toFixed(1)} s)` : ''}`);
}
const failedSteps = results.filter((r) => r.status.startsWith('FAILED')).length;
if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
for (const { name, reason } of failures) console.log(`failed: ${name}\n        ${reason}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
