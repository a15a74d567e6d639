// `npm run bench`: the sections that measure our code alone run first with no emulator on the
// machine, then the one the Firestore emulator decides (audit-log) under the emulators. Figures
// such as the vault's 10,000-entry load open overviews on two threads and so need both of this
// machine's two cores: whatever else runs moves them (a full run under the emulators read 0.70
// where the section read 0.46 a minute later, issue #42), and the emulators are not needed there.
// KEYLOFT_BENCH_ONLY (bench/run.ts) picks sections as before.
import { spawnSync } from 'node:child_process';

/** The sections of bench/run.ts that need the emulators running. */
const EMULATOR_SECTIONS = ['audit-log'];

const asked = process.env.KEYLOFT_BENCH_ONLY?.split(',').map((name) => name.trim());
const run = (command, args, env) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let status = 0;
// bench/run.ts takes this list of sections to leave out (the emulator's, run next).
status ||= run('npx', ['tsx', 'bench/run.ts'], { KEYLOFT_BENCH_SKIP: EMULATOR_SECTIONS.join(',') });
const emulated = EMULATOR_SECTIONS.filter((name) => asked === undefined || asked.includes(name));
if (emulated.length > 0) {
  status ||= run('node', ['scripts/with-emulators.mjs', 'auth', '--', 'npx', 'tsx', 'bench/run.ts'], { KEYLOFT_BENCH_ONLY: emulated.join(',') });
}
process.exit(status);
