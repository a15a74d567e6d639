// `npm run bench:browser`: issue #18's browser figures, in Chromium against the emulators (the
// production build served by the Hosting emulator). For personal vaults of 1,000, 10,000 and 20,000
// sealed entries made through the app's own savePassword (written with firebase-admin in batches
// of 500, as an import would), it measures from the master password being accepted to the first
// row and to the settled list, the longest main-thread task while loading (PerformanceObserver
// 'longtask', which reports tasks over 50 ms), and, in the same page, the same number of bare
// AES-GCM decryptions as the floor. The emulator decides the settled list and the first row's
// growth (it scans a whole collection for every page), so those are judged against its own paging
// of the same documents, measured beside each load, before it and after it in turn (issue #42);
// the ratios first asked for are printed as emulator-bound, never judged. Figures, not a test:
// nothing is asserted, targets are printed with OVER marks. It is slow (seeding 20,000 entries and
// loading them): see README "Benchmarks".
// Then issue #21's vault screen (vaultScreen.ts): 10,000 personal entries and 10 teams of 100 on
// All items, the load, one search keystroke and a scroll through the whole list.
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchChromium } from '../tests/browser/chromium';
import { ACCOUNT_PASSWORD } from '../tests/browser/journeys';
import { signInWithPassword } from '../tests/support/authEmulator';
import {
  admin,
  clearFirestore,
  emulatorAtLowestPriority,
  emulatorFirstPageMs,
  emulatorPagedMs,
  emulatorReadMs,
} from './browserEmulator';
import { BASE_URL, LOADS, floorInPage, instrument, measureLoad, middle, overLoads, signedUp, type Timings } from './browserLoad';
import { keepResults, readResults, reportLines, type VaultResult } from './browserReport';
import { LONG_TASK_MS, tracingMainThread, type MainThreadTasks } from './mainThreadCpu';
import { seed } from './browserSeed';
import { vaultScreenBench } from './vaultScreen';
import { coldUnlockBench } from './coldUnlock';
import { importReadBench } from './importRead';
import { TRACING_ANATOMY } from './taskAnatomy';
import type { Firestore } from 'firebase-admin/firestore';

const SIZES = [1_000, 10_000, 20_000] as const;

/**
 * KEYLOFT_BENCH_ONLY=sizes runs issue #18's three vaults alone, =vault-screen issue #21's vault
 * screen alone, =cold-unlock issue #42's first unlock on a new device alone (coldUnlock.ts; the
 * sizes take several minutes), =import-read issue #44's reading of a 10,000-item import file
 * alone (importRead.ts); unset, all four. =report prints what the parts of a run left in
 * KEYLOFT_BENCH_RESULTS (scripts/bench-browser.mjs runs each part on emulators started afresh).
 */
const ONLY = process.env.KEYLOFT_BENCH_ONLY ?? 'all';
if (!['all', 'sizes', 'vault-screen', 'cold-unlock', 'import-read', 'report'].includes(ONLY)) {
  throw new Error(`KEYLOFT_BENCH_ONLY is 'sizes', 'vault-screen', 'cold-unlock', 'import-read' or 'report', not '${ONLY}'`);
}
/** KEYLOFT_BENCH_SIZES=1000,20000 measures those of the three vaults only. */
const sizes = process.env.KEYLOFT_BENCH_SIZES?.split(',').map(Number) ?? SIZES;
if (sizes.some((size) => !(SIZES as readonly number[]).includes(size))) throw new Error(`KEYLOFT_BENCH_SIZES lists some of ${SIZES.join(',')}`);
/** Where the parts of one run keep their results; unset, this process prints its own report. */
const RESULTS = process.env.KEYLOFT_BENCH_RESULTS;
const SECTIONS = ['vault-screen', 'cold-unlock', 'import-read'] as const;

async function vaultOf(browser: Browser, db: Firestore, size: number): Promise<VaultResult> {
  await clearFirestore();
  const { context, page, email } = await signedUp(browser, `bench-${size}`);
  try {
    const { localId } = await signInWithPassword(email, ACCOUNT_PASSWORD);
    const seeding = performance.now();
    await seed(db, localId, size);
    console.error(`  seeded ${size.toLocaleString('en-US')} entries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const lowered = emulatorAtLowestPriority();
    if (lowered === 0) console.error('  no Firestore emulator thread found to lower: its work may show in the page\'s tasks');
    const loads: Timings[] = [];
    // Each load's main-thread tasks by CPU time too (a trace): 'longtask' reports wall time, and
    // here the page shares two cores with the emulators, so a task that waited for a core reads long.
    const loadCpu: MainThreadTasks[] = [];
    const firstPages: number[] = [];
    const paged: number[] = [];
    // The emulator's own first page and paging of the same documents, beside each load: before it
    // and after it in turn, so that a busy machine moves both sides of a pair alike.
    const emulatorSide = async () => {
      firstPages.push(await emulatorFirstPageMs(db, localId));
      paged.push(await emulatorPagedMs(db, localId, size));
    };
    // The dashboard opens on All items; these vaults have no teams, so it lists the personal vault.
    await page.addInitScript(instrument, { list: 'All items', size });
    for (let load = 0; load < LOADS; load += 1) {
      if (load % 2 === 0) await emulatorSide();
      const traced = await tracingMainThread(page, LONG_TASK_MS, () => measureLoad(page));
      loads.push(traced.result);
      loadCpu.push(traced.tasks);
      if (load % 2 === 1) await emulatorSide();
    }
    const timings = overLoads(loads);
    const show = (values: readonly number[]) => values.map((value) => value.toFixed(0)).join(' / ');
    console.error(
      `  first row ${show(loads.map((one) => one.firstRowMs))} ms   settled ${show(loads.map((one) => one.settledMs))} ms   longest task ${show(loads.map((one) => one.longestTaskMs))} ms (CPU ${show(loadCpu.map((one) => one.longestCpuMs))} ms)   emulator first page ${show(firstPages)} ms, paged ${show(paged)} ms`,
    );
    return {
      ...timings,
      cpu: loadCpu.reduce((found, run) => (run.longestCpuMs > found.longestCpuMs ? run : found)),
      floorMs: await floorInPage(page, size),
      emulatorMs: await emulatorReadMs(db, localId, size),
      emulatorFirstPageMs: middle(firstPages),
      emulatorPagedMs: middle(paged),
      settledVsPaging: middle(loads.map((load, index) => load.settledMs / (paged[index] ?? Number.NaN))),
    };
  } finally {
    await context.close();
  }
}

if (ONLY === 'report') {
  for (const line of reportLines(readResults(RESULTS), LOADS, SECTIONS)) console.log(line);
  process.exit(0);
}

// The parts after the first of scripts/bench-browser.mjs find the bundle built.
if (process.env.KEYLOFT_DIST_BUILT !== '1') {
  console.error('bench:browser: building the production bundle…');
  // KEYLOFT_BENCH_ANATOMY=1 (taskAnatomy.ts) reads the long tasks by function name: unminified.
  await build({ logLevel: 'warn', mode: 'production', ...(TRACING_ANATOMY ? { build: { minify: false } } : {}) });
}
if (!(await fetch(`${BASE_URL}/`).catch(() => null))?.ok) {
  throw new Error(`the Hosting emulator does not answer at ${BASE_URL}: run \`npm run bench:browser\`, which starts the emulators`);
}
const db = admin();
const browser = await launchChromium();
const measured: { sizes: Record<string, VaultResult>; lines: Record<string, readonly string[]> } = { sizes: {}, lines: {} };
try {
  if (ONLY === 'all' || ONLY === 'sizes') {
    for (const size of sizes) {
      console.error(`bench:browser: ${size.toLocaleString('en-US')} entries…`);
      measured.sizes[String(size)] = await vaultOf(browser, db, size);
    }
  }
  if (ONLY === 'all' || ONLY === 'vault-screen') {
    console.error('bench:browser: the vault screen (issue #21)…');
    measured.lines['vault-screen'] = await vaultScreenBench(browser, db);
  }
  if (ONLY === 'all' || ONLY === 'cold-unlock') {
    console.error('bench:browser: the first unlock on a new device (issue #42)…');
    measured.lines['cold-unlock'] = await coldUnlockBench(browser, db);
  }
  if (ONLY === 'all' || ONLY === 'import-read') {
    console.error('bench:browser: reading a 10,000-item import file (issue #44 item 4)…');
    measured.lines['import-read'] = await importReadBench(browser);
  }
} finally {
  await browser.close();
}

if (RESULTS === undefined) {
  for (const line of reportLines(measured, LOADS, SECTIONS)) console.log(line);
} else {
  keepResults(RESULTS, measured);
}
