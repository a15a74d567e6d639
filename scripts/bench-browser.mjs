// `npm run bench:browser`: bench/browser.ts in parts, each on emulators started afresh, then one
// report of them all. The Firestore emulator never hears that a closed page's listen stream is
// gone: it keeps queueing every later change for it (README "Tiers"), so a vault seeded after the
// pages of earlier vaults had closed paid for them (20,000 entries took 914 s to seed where a fresh
// emulator takes about 60 s, and the vault screen's emptying of Firestore then timed out).
// KEYLOFT_BENCH_ONLY (sizes, vault-screen, cold-unlock, import-read) and KEYLOFT_BENCH_SIZES pick parts as before.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIZES = ['1000', '10000', '20000'];
const only = process.env.KEYLOFT_BENCH_ONLY ?? 'all';
const sizes = process.env.KEYLOFT_BENCH_SIZES?.split(',') ?? SIZES;

const parts = [];
if (only === 'all' || only === 'sizes') for (const size of sizes) parts.push({ KEYLOFT_BENCH_ONLY: 'sizes', KEYLOFT_BENCH_SIZES: size });
for (const section of ['vault-screen', 'cold-unlock', 'import-read']) if (only === 'all' || only === section) parts.push({ KEYLOFT_BENCH_ONLY: section });
if (parts.length === 0) {
  console.error(`bench:browser: KEYLOFT_BENCH_ONLY is 'sizes', 'vault-screen', 'cold-unlock' or 'import-read', not '${only}'`);
  process.exit(2);
}

const run = (command, args, env = {}) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const folder = mkdtempSync(join(tmpdir(), 'keyloft-bench-browser-'));
const results = join(folder, 'results.json');
let status = run('npm', ['run', '-s', '-w', 'functions', 'build']);
for (const [index, part] of parts.entries()) {
  if (status !== 0) break;
  console.error(`bench:browser: part ${String(index + 1)} of ${String(parts.length)} (${Object.values(part).join(' ')}), on emulators started afresh`);
  status = run('node', ['scripts/with-emulators.mjs', 'auth,functions,hosting', '--', 'npx', 'tsx', 'bench/browser.ts'], {
    ...part,
    KEYLOFT_BENCH_RESULTS: results,
    // The first part builds the production bundle; the others serve the same one.
    ...(index > 0 ? { KEYLOFT_DIST_BUILT: '1' } : {}),
  });
}
// What the parts measured, even when one failed: the report says which figures are missing by their absence.
run('npx', ['tsx', 'bench/browser.ts'], { KEYLOFT_BENCH_ONLY: 'report', KEYLOFT_BENCH_RESULTS: results });
rmSync(folder, { recursive: true, force: true });
process.exit(status);
