// `npm run bench`: figures for this machine. Ratios compare our code with the bare WebCrypto work
// (or, where the Firestore emulator decides a figure, the emulator's own floor for the same work)
// measured in the same run; nothing here is asserted, it is reported.
import { cpus } from 'node:os';
import { installOverviewWorkerFactory } from '../src/crypto';
import { nodeOverviewWorkers } from '../tests/support/nodeOverviewWorkers';
import { auditLogBench } from './auditLog';
import { bundleBench } from './bundle';
import { cryptoBench } from './crypto';
import { generatorBench } from './generator';
import { healthBench } from './health';
import { importBench } from './import';
import { liveVaultBench } from './liveVault';
import { masterPasswordBench } from './masterPassword';
import { mixedVaultBench } from './mixedVault';
import { passkeyBench } from './passkey';
import { removalWindowBench } from './removalWindow';
import { teamsBench } from './teams';
import { vaultBench } from './vault';

const DECRYPTS = 1_000;

/**
 * KEYLOFT_BENCH_ONLY=teams,audit-log (a comma-separated list of the sections below) runs those
 * sections alone, to look at one figure; unset, every section.
 */
const SECTIONS = ['crypto', 'vault', 'import', 'health', 'master-password', 'teams', 'removal-window', 'audit-log', 'bundle'] as const;
const only = process.env.KEYLOFT_BENCH_ONLY?.split(',').map((name) => name.trim()) ?? [...SECTIONS];
const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`KEYLOFT_BENCH_ONLY names ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}`);
// scripts/bench.mjs runs the emulator's sections apart, after the others, under the emulators.
const skipped = process.env.KEYLOFT_BENCH_SKIP?.split(',').map((name) => name.trim()) ?? [];
const wanted = (section: (typeof SECTIONS)[number]) => only.includes(section) && !skipped.includes(section);

// The app opens a vault's overviews in browser Workers beside the main thread (decryptPool.ts);
// Node has none, so the bench gives the pool worker_threads instead.
installOverviewWorkerFactory(nodeOverviewWorkers);

console.log(`Keyloft benchmarks — node ${process.version}, ${cpus().length} cores, ${new Date().toISOString()}`);
if (wanted('crypto')) {
  console.log('\n-- crypto (median of runs) --');
  for (const line of await cryptoBench(DECRYPTS)) console.log(line);
  for (const line of await passkeyBench()) console.log(line);
}
if (wanted('vault')) {
  console.log('\n-- vault --');
  for (const line of await vaultBench(10_000)) console.log(line);
  for (const line of await mixedVaultBench(10_000)) console.log(line);
  for (const line of await liveVaultBench(10_000)) console.log(line);
  for (const line of await generatorBench()) console.log(line);
}
if (wanted('import')) {
  console.log('\n-- import --');
  for (const line of await importBench(10_000)) console.log(line);
}
if (wanted('health')) {
  console.log('\n-- health report --');
  for (const line of await healthBench(10_000)) console.log(line);
}
if (wanted('master-password')) {
  console.log('\n-- master password change --');
  for (const line of await masterPasswordBench(10_000)) console.log(line);
}
if (wanted('teams')) {
  console.log('\n-- teams --');
  for (const line of await teamsBench(100, 1_000)) console.log(line);
}
if (wanted('removal-window')) {
  console.log('\n-- removal window (issue #41) --');
  for (const line of await removalWindowBench(1_000)) console.log(line);
}
if (wanted('audit-log')) {
  console.log('\n-- team activity log (Firestore emulator) --');
  for (const line of await auditLogBench()) console.log(line);
}
if (wanted('bundle')) {
  console.log('\n-- bundle --');
  for (const line of await bundleBench()) console.log(line);
}

// The workers would keep the process alive.
installOverviewWorkerFactory(null);
