// Issue #42 item 6's Bench, run by `npm run bench:browser` (KEYLOFT_BENCH_ONLY=cold-unlock alone):
// the first unlock on a new device, with no device copy yet, beside the warm one that opens from
// the copy the first filled. One personal vault (KEYLOFT_BENCH_COLD_SIZE entries, 10,000 unless
// told), three cold unlocks (the copy's database deleted before each) and three warm ones (the
// copy held whole), each timed from the Unlock click to the first row and to the settled list,
// with the longest main-thread task meanwhile by wall time (PerformanceObserver 'longtask') and,
// from a Chromium trace of the load, by CPU time: on this shared 2-core machine a task that waited
// for a core reads long by wall time alone (mainThreadCpu.ts). The target: no task over 50 ms.
import { loadavg } from 'node:os';
import type { Firestore } from 'firebase-admin/firestore';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { deleteDeviceCopy, waitForWholeCopy } from '../tests/browser/deviceCopyInPage';
import { ACCOUNT_PASSWORD } from '../tests/browser/journeys';
import { signInWithPassword } from '../tests/support/authEmulator';
import { clearFirestore } from './browserEmulator';
import { BASE_URL, LOADS, instrument, middle, signedUp, unlockUntilSettled, type PageRecord } from './browserLoad';
import { seed } from './browserSeed';
import { longTasksInTrace, longTasksLine, type LongTaskInTrace } from './longTaskMatch';
import { LONG_TASK_MS, tracingMainThread, type MainThreadTasks } from './mainThreadCpu';
import { tracingAnatomy, TRACING_ANATOMY } from './taskAnatomy';

const LIST = 'All items';
/** Time for the copy's last writes after the list settled (the next cold load deletes it anyway). */
const COPY_WHOLE_TIMEOUT_MS = 5 * 60_000;

export const COLD_SIZE = Number(process.env.KEYLOFT_BENCH_COLD_SIZE ?? 10_000);
if (!Number.isInteger(COLD_SIZE) || COLD_SIZE < 1) throw new Error(`KEYLOFT_BENCH_COLD_SIZE is a number of entries, not '${String(process.env.KEYLOFT_BENCH_COLD_SIZE)}'`);

interface Unlock {
  readonly firstRowMs: number;
  readonly settledMs: number;
  readonly longestTaskMs: number;
  readonly longTasks: number;
  readonly cpu: MainThreadTasks;
  /** Its long tasks laid over the trace (null: not traced so, or no mark). */
  readonly inTrace: readonly LongTaskInTrace[] | null;
}

/** Records, in the page, when the Unlock button is clicked (the event's time, on performance.now's clock), and marks it for the trace. */
function watchUnlockClick(): void {
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      if (button?.textContent.trim() !== 'Unlock') return;
      const page = window as unknown as { __unlockClick?: number; __unlockMark?: number };
      page.__unlockClick = event.timeStamp;
      // The same moment on the trace's clock (longTaskMatch.ts).
      page.__unlockMark = performance.mark('keyloft-unlock').startTime;
    },
    { capture: true },
  );
}

/** Deletes this origin's device copy before a cold unlock. */
async function deleteCopy(page: Page): Promise<void> {
  const outcome = await deleteDeviceCopy(page, BASE_URL);
  if (outcome !== 'deleted') throw new Error(`the device copy could not be deleted before a cold unlock: ${outcome}`);
}

/** Opens `url`, unlocks, and measures from the Unlock click to the first row and the settled list. */
async function unlockAt(page: Page, url: string, label: string): Promise<Unlock> {
  // What the page logs as an error, for a load that fails (the 15 s wait for a silent server, a refused read).
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text().slice(0, 300));
  };
  page.on('console', onConsole);
  try {
    return await unlockOnce(page, url, label, errors);
  } finally {
    page.off('console', onConsole);
  }
}

/** The app's own failure when no server answered a vault's read within its 15 s (ANSWER_WAIT_MS). */
const SERVER_SILENT = 'No answer from the server';

/** Cold loads that failed on the emulator's silence and were run again (said on the result's line). */
let silentRetries = 0;

/**
 * A cold unlock: the copy deleted, then the unlock. With no copy the app fails a load no server
 * answers within 15 s, as it should; here that is the emulator on a busy machine, starved: such a
 * load is run again (up to twice, and counted), as it measures the machine, not the page.
 */
async function coldUnlockAt(page: Page, url: string, label: string): Promise<Unlock> {
  for (let attempt = 1; ; attempt += 1) {
    await deleteCopy(page);
    try {
      return await unlockAt(page, url, label);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes(SERVER_SILENT)) throw error;
      silentRetries += 1;
      console.error(`  ${label}: the emulator did not answer within the app's 15 s (attempt ${String(attempt)}); again`);
    }
  }
}

async function unlockOnce(page: Page, url: string, label: string, errors: readonly string[]): Promise<Unlock> {
  const load = async () => {
    await page.goto(url);
    await unlockUntilSettled(page);
    // Long tasks are reported after they end.
    await page.waitForTimeout(300);
  };
  const traced = TRACING_ANATOMY ? await tracingAnatomy(page, LONG_TASK_MS, label, load) : await tracingMainThread(page, LONG_TASK_MS, load);
  const failed = await page.evaluate(() => (window as unknown as { __bench: PageRecord }).__bench.failed);
  if (failed !== null) throw new Error(`the vault did not load: ${failed}; the page's errors: ${errors.join(' | ') || 'none'}`);
  const timings = await page.evaluate(() => {
    const { firstRow, settled, tasks } = (window as unknown as { __bench: { firstRow: number; settled: number; tasks: [number, number][] } }).__bench;
    const clicked = (window as unknown as { __unlockClick?: number }).__unlockClick;
    if (clicked === undefined) throw new Error('the Unlock click was not seen');
    const during = tasks.filter(([start, duration]) => start + duration >= clicked && start <= settled);
    return {
      firstRowMs: firstRow - clicked,
      settledMs: settled - clicked,
      longestTaskMs: Math.max(0, ...during.map(([, duration]) => duration)),
      longTasks: during.length,
      during,
      mark: (window as unknown as { __unlockMark?: number }).__unlockMark ?? null,
    };
  });
  const { during, mark, ...figures } = timings;
  const inTrace = mark !== null ? longTasksInTrace(traced.trace.traceEvents, traced.trace.mainTasks, mark, during) : null;
  return { ...figures, cpu: traced.tasks, inTrace };
}

interface ColdAndWarm {
  readonly cold: readonly Unlock[];
  readonly warm: readonly Unlock[];
}

async function measure(browser: Browser, db: Firestore, size: number): Promise<ColdAndWarm> {
  await clearFirestore();
  const { context, page, email } = await signedUp(browser, `bench-cold-${size}`);
  try {
    const appUrl = page.url();
    const { localId } = await signInWithPassword(email, ACCOUNT_PASSWORD);
    const seeding = performance.now();
    await seed(db, localId, size);
    console.error(`  seeded ${size.toLocaleString('en-US')} entries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    // The emulator is left at its usual priority here (the other benches lower it): this target is
    // judged by CPU time, which a page waiting for a core does not count, and with no device copy
    // the page needs the server's answer within the app's 15 s, which an emulator at the lowest
    // priority on a busy machine (load average 25) failed to give three times in a row.
    await page.addInitScript(instrument, { list: LIST, size });
    await page.addInitScript(watchUnlockClick);
    const key = `entries:personal:${localId}`;
    const cold: Unlock[] = [];
    for (let run = 0; run < LOADS; run += 1) {
      cold.push(await coldUnlockAt(page, appUrl, `cold unlock ${String(run + 1)}`));
      // The next cold unlock starts from nothing again; the warm ones need the copy whole.
      await waitForWholeCopy(page, [key], COPY_WHOLE_TIMEOUT_MS);
    }
    const warm: Unlock[] = [];
    for (let run = 0; run < LOADS; run += 1) warm.push(await unlockAt(page, appUrl, `warm unlock ${String(run + 1)}`));
    const show = (runs: readonly Unlock[], pick: (run: Unlock) => number) => runs.map((run) => pick(run).toFixed(0)).join(' / ');
    for (const [name, runs] of [['cold', cold], ['warm', warm]] as const) {
      console.error(
        `  ${name}: first row ${show(runs, (run) => run.firstRowMs)} ms   settled ${show(runs, (run) => run.settledMs)} ms   longest task ${show(runs, (run) => run.longestTaskMs)} ms (CPU ${show(runs, (run) => run.cpu.longestCpuMs)} ms)`,
      );
    }
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');

function line(label: string, runs: readonly Unlock[]): string[] {
  const worstWall = runs.reduce((found, run) => (run.longestTaskMs > found.longestTaskMs ? run : found));
  const worstCpu = runs.reduce((found, run) => (run.cpu.longestCpuMs > found.cpu.longestCpuMs ? run : found));
  return [
    `${label.padEnd(44)} first row ${middle(runs.map((run) => run.firstRowMs)).toFixed(0).padStart(6)} ms   settled ${middle(runs.map((run) => run.settledMs)).toFixed(0).padStart(6)} ms   longest task ${worstWall.longestTaskMs.toFixed(0)} ms (${worstWall.longTasks} over ${LONG_TASK_MS} ms)`,
    `${'    its long tasks laid over the trace'.padEnd(44)} ${longTasksLine(worstWall.inTrace)}`,
    `${'    its tasks by CPU time (a trace)'.padEnd(44)} longest ${worstCpu.cpu.longestCpuMs.toFixed(0)} ms (${worstCpu.cpu.overLimit} over ${LONG_TASK_MS} ms)   target none over ${LONG_TASK_MS} ms   ${verdict(worstCpu.cpu.longestCpuMs <= LONG_TASK_MS)}   (by wall time in the trace ${worstCpu.cpu.longestWallMs.toFixed(0)} ms)`,
  ];
}

/** The cold and warm unlocks' lines for bench:browser's output. */
export async function coldUnlockBench(browser: Browser, db: Firestore, size = COLD_SIZE): Promise<string[]> {
  const { cold, warm } = await measure(browser, db, size);
  const [loadAverage = 0] = loadavg();
  const count = size.toLocaleString('en-US');
  return [
    `first unlock on a new device (issue #42 item 6): ${count} personal entries on ${LIST}, from the Unlock click, ${String(LOADS)} runs each (times the median, tasks the worst)   load average (1 min) at the end ${loadAverage.toFixed(1)}${silentRetries === 0 ? '' : `   (${String(silentRetries)} cold loads run again after the emulator's 15 s silence)`}`,
    ...line(`  cold: no device copy (filled meanwhile)`, cold),
    ...line(`  warm: from the device copy`, warm),
  ];
}
