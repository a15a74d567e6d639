// `npm test`: every tier this machine can run, in order, and one line per tier it cannot run.
// Exits non-zero if anything failed; never counts a skipped tier as passed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firestoreEmulatorUnavailable } from './lib/firestoreEmulator.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = mkdtempSync(join(tmpdir(), 'keyloft-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];

function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const ok = result.status === 0;
  results.push({ label, status: ok ? 'passed' : 'FAILED', seconds: (Date.now() - started) / 1000 });
  return ok;
}

function vitest(label, projects, wrap = (args) => ['npx', args]) {
  const report = join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const [command, commandArgs] = wrap(args);
  const ok = run(label, command, commandArgs);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    if (json.numTotalTests === 0) {
      console.error(`${label}: no test ran`);
      results.at(-1).status = 'FAILED';
      return false;
    }
  } else if (ok) {
    results.at(-1).status = 'FAILED (no report)';
  }
  return ok;
}

function skip(tier, reason) {
  console.log(`SKIPPED ${tier} tier: ${reason}`);
  results.push({ label: `${tier} tier`, status: `SKIPPED: ${reason}`, seconds: 0 });
}

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
vitest('unit and component tiers', ['unit', 'component']);
if (run('production build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  run('production bundle check', 'node', ['scripts/check-bundle.mjs', 'dist']);
}

// The emulators-lite tier and the browser tier share one run of the Auth and Functions emulators
// (Node only, so they run here); the browser tier also needs Debian's Chromium.
const emulatorProjects = ['emulator'];
if (existsSync(CHROMIUM)) {
  emulatorProjects.push('browser');
} else if (process.env.CI) {
  // .ci/run installs Chromium; its absence there is a broken CI, not a reason to skip.
  console.error(`browser tier: Chromium not found at ${CHROMIUM}`);
  results.push({ label: 'browser tier', status: 'FAILED (no Chromium)', seconds: 0 });
  totals.failed += 1;
} else {
  skip('browser', `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
}
if (run('functions build', 'npm', ['run', '--silent', '-w', 'functions', 'build'])) {
  vitest(`${emulatorProjects.join(' and ')} tiers (Auth + Functions emulators)`, emulatorProjects, (args) => [
    'npx',
    ['firebase', 'emulators:exec', '--only', 'auth,functions', '--project', 'demo-keyloft', `npx ${args.join(' ')}`],
  ]);
}

const firestoreReason = firestoreEmulatorUnavailable();
if (firestoreReason === null) {
  vitest('firestore tier', ['firestore'], (args) => [
    'npx',
    ['firebase', 'emulators:exec', '--only', 'auth,firestore', '--project', 'demo-keyloft', `npx ${args.join(' ')}`],
  ]);
} else {
  skip('firestore', firestoreReason);
}

rmSync(reportDir, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const { label, status, seconds } of results) {
  console.log(`${label.padEnd(28)} ${status}${seconds > 0 ? ` (${seconds.toFixed(1)} s)` : ''}`);
}
const failedSteps = results.filter((r) => r.status.startsWith('FAILED')).length;
if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
