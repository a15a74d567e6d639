// Issue #21's Bench, run by `npm run bench:browser` after issue #18's sizes: the vault screen with
// a 10,000-entry personal vault and 10 teams of 100 entries, all of it on All items (11,000 rows).
// From the master password accepted to the first row and to the settled list; one search keystroke
// to the list updated; scrolling the whole list with no long task over 50 ms. Each beside the floor
// #18's script measures: the same number of bare AES-GCM decryptions (11,000) in the same page.
// #21 names a target for the scroll only (no task over 50 ms); the other figures print with their
// ratio to the floor and no target, since the issue gives none.
import { loadavg } from 'node:os';
import type { Firestore } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_PASSWORD } from '../tests/browser/journeys';
import { signInWithPassword } from '../tests/support/authEmulator';
import { clearFirestore, emulatorAtLowestPriority, emulatorPagedMs } from './browserEmulator';
import { LOADS, floorInPage, instrument, measureLoad, middle, overLoads, signedUp, type Timings } from './browserLoad';
import { personalDraft, seed, userKeys } from './browserSeed';
import { readsPerUnlock, type UnlockReads } from './readsPerUnlock';
import { LONG_TASK_MS, tracingMainThread, type MainThreadTasks } from './mainThreadCpu';
import { measureScroll, measureSearch, type ScrollTiming, type SearchTiming, type TaskWindow } from './screenProbes';
import { seedTeams, teamDraft, type SeededTeam } from './teamSeed';

const PERSONAL = 10_000;
const TEAMS = 10;
const TEAM_ENTRIES = 100;
const TOTAL = PERSONAL + TEAMS * TEAM_ENTRIES;
const LIST = 'All items';
/** One keystroke that narrows the list: 'b' is in the personal 'bank' titles and nowhere else. */
const QUERY = 'b';
const SCROLL_STEP_PX = 600;
/** #21's one target here: scrolling the whole list without a long task over 50 ms. */

/** How many entries the search finds, counted as filterEntries counts (title, url, username; lower case; apart). */
function matchesOf(query: string): number {
  const drafts = [
    ...Array.from({ length: PERSONAL }, (_, i) => personalDraft(i, PERSONAL)),
    ...Array.from({ length: TEAMS * TEAM_ENTRIES }, (_, k) => teamDraft(Math.floor(k / TEAM_ENTRIES), k % TEAM_ENTRIES)),
  ];
  const needle = query.trim().toLowerCase();
  return drafts.filter((draft) => [draft.title, draft.url ?? '', draft.username].some((field) => field.toLowerCase().includes(needle))).length;
}

interface ScreenFigures {
  readonly load: Timings;
  /** The load whose longest task took the most CPU time. */
  readonly loadCpu: MainThreadTasks;
  readonly search: SearchTiming;
  readonly scroll: ScrollTiming;
  readonly matches: number;
  readonly floorMs: number;
  readonly personalPagedMs: number;
  readonly reads: { readonly withCopy: UnlockReads; readonly withoutCopy: UnlockReads };
}

/** The long tasks of the worst run (only those two fields: the run's times stay the median's). */
function worst(runs: readonly TaskWindow[]): TaskWindow {
  const { longestTaskMs, longTasks } = runs.reduce<TaskWindow>((found, run) => (run.longestTaskMs > found.longestTaskMs ? run : found), { longestTaskMs: 0, longTasks: 0 });
  return { longestTaskMs, longTasks };
}

/** The app opens a team of the bench as any other: its own view lists its 100 entries. */
async function openTeamInApp(page: Page, team: SeededTeam): Promise<void> {
  await page.getByRole('button', { name: `View passwords of team ${team.name}` }).click();
  await page.waitForFunction(
    ([label, size]) => document.querySelector(`[aria-label="${label}"] li`)?.getAttribute('aria-setsize') === String(size),
    [`${team.name} passwords`, TEAM_ENTRIES] as const,
    { timeout: 60_000 },
  );
}

async function measureScreen(browser: Browser, db: Firestore): Promise<ScreenFigures> {
  const matches = matchesOf(QUERY);
  if (matches === 0 || matches === TOTAL) throw new Error(`the search '${QUERY}' must narrow the list; it matches ${matches}`);
  await clearFirestore();
  const { context, page, email } = await signedUp(browser, 'bench-screen');
  try {
    const { localId, idToken } = await signInWithPassword(email, ACCOUNT_PASSWORD);
    const seeding = performance.now();
    await seed(db, localId, PERSONAL);
    const { publicKey } = await userKeys(db, localId);
    const teams = await seedTeams(db, { uid: localId, idToken, publicKey }, TEAMS, TEAM_ENTRIES);
    console.error(`  seeded ${PERSONAL.toLocaleString('en-US')} personal entries and ${TEAMS} teams of ${TEAM_ENTRIES} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    if (emulatorAtLowestPriority() === 0) console.error("  no Firestore emulator thread found to lower: its work may show in the page's tasks");
    // A diagnostic (KEYLOFT_BENCH_DEVICE_COPY=off): the same loads with this browser's device copy
    // off, to tell the copy's work from the screen's. The figures printed are then not #21's.
    if (process.env.KEYLOFT_BENCH_DEVICE_COPY === 'off') {
      console.error('  KEYLOFT_BENCH_DEVICE_COPY=off: the device copy is off for these loads (a diagnostic)');
      await page.evaluate(() => {
        localStorage.setItem('keyloft.deviceCopy', 'off');
      });
    }
    await page.addInitScript(instrument, { list: LIST, size: TOTAL });
    const loads: Timings[] = [];
    // The loads' tasks by CPU time too: the emulator and the decryption workers share the two
    // cores with the page while it loads, which stretches its tasks' wall time.
    const loadCpu: MainThreadTasks[] = [];
    const searches: SearchTiming[] = [];
    const scrolls: ScrollTiming[] = [];
    for (let load = 0; load < LOADS; load += 1) {
      const traced = await tracingMainThread(page, LONG_TASK_MS, () => measureLoad(page));
      loads.push(traced.result);
      loadCpu.push(traced.tasks);
      searches.push(await measureSearch(page, LIST, QUERY, matches, TOTAL));
      scrolls.push(await measureScroll(page, LIST, TOTAL, SCROLL_STEP_PX, LONG_TASK_MS));
    }
    const show = (values: readonly number[]) => values.map((value) => value.toFixed(0)).join(' / ');
    console.error(
      `  first row ${show(loads.map((one) => one.firstRowMs))} ms   settled ${show(loads.map((one) => one.settledMs))} ms   search ${show(searches.map((one) => one.ms))} ms   scroll ${show(scrolls.map((one) => one.ms))} ms   longest task: loading ${show(loads.map((one) => one.longestTaskMs))} (CPU ${show(loadCpu.map((one) => one.longestCpuMs))}), search ${show(searches.map((one) => one.longestTaskMs))}, scroll ${show(scrolls.map((one) => one.longestTaskMs))} ms (CPU ${show(scrolls.map((one) => one.cpu.longestCpuMs))} ms)`,
    );
    const first = teams[0];
    if (first !== undefined) await openTeamInApp(page, first);
    // The median scroll (its frames and height with it), with the worst long task of the three.
    const scroll = [...scrolls].sort((a, b) => a.ms - b.ms)[Math.floor(scrolls.length / 2)];
    if (scroll === undefined) throw new Error('no scroll was measured');
    const cpu = scrolls.reduce((found, run) => (run.cpu.longestCpuMs > found.longestCpuMs ? run.cpu : found), scroll.cpu);
    const loadTrace = loadCpu.reduce((found, run) => (run.longestCpuMs > found.longestCpuMs ? run : found));
    return {
      load: overLoads(loads),
      loadCpu: loadTrace,
      search: { ms: middle(searches.map((one) => one.ms)), ...worst(searches) },
      scroll: { ...scroll, ...worst(scrolls), cpu },
      matches,
      reads: await readsPerUnlock(page),
      floorMs: await floorInPage(page, TOTAL),
      personalPagedMs: await emulatorPagedMs(db, localId, PERSONAL),
    };
  } finally {
    await context.close();
  }
}

const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
const figure = (label: string, ms: number, floorMs: number) => `${label.padEnd(54)} ${ms.toFixed(0).padStart(6)} ms   ratio ${(ms / floorMs).toFixed(2).padStart(6)} × floor`;
const tasks = ({ longestTaskMs, longTasks }: TaskWindow) => `longest task ${longestTaskMs.toFixed(0)} ms (${longTasks} over ${LONG_TASK_MS} ms)`;

/** The vault screen's lines for bench:browser's output. */
export async function vaultScreenBench(browser: Browser, db: Firestore): Promise<string[]> {
  const { load, loadCpu, search, scroll, matches, floorMs, personalPagedMs, reads } = await measureScreen(browser, db);
  const count = (value: number) => value.toLocaleString('en-US');
  // The machine's load when the figures were taken: other work on its cores stretches tasks.
  const [loadAverage = 0] = loadavg();
  return [
    `vault screen: ${count(PERSONAL)} personal + ${TEAMS} teams × ${TEAM_ENTRIES} on ${LIST} (${count(TOTAL)} rows)   floor ${floorMs.toFixed(0)} ms (${count(TOTAL)} bare decrypts)   no ratio target in #21   load average (1 min) at the end ${loadAverage.toFixed(1)}`,
    figure('  unlock to the first row', load.firstRowMs, floorMs),
    `${figure(`  unlock to the settled list (${count(TOTAL)})`, load.settledMs, floorMs)}   ${tasks(load)} while loading   emulator paging the personal vault alone ${personalPagedMs.toFixed(0)} ms`,
    // Context, not a target: the loads' tasks by the CPU time they took (reload to settled, page start included).
    `${'    loading tasks by CPU time (a trace)'.padEnd(54)} longest ${loadCpu.longestCpuMs.toFixed(0)} ms (${loadCpu.overLimit} over ${LONG_TASK_MS} ms); by wall time in the trace ${loadCpu.longestWallMs.toFixed(0)} ms`,
    `${figure(`  search keystroke '${QUERY}' to the list (${count(matches)} rows)`, search.ms, floorMs)}   ${tasks(search)}`,
    // 'longtask' entries are wall time (a task that waited for one of the two cores the emulators
    // share reads long), so the target is judged on the line after, by each task's CPU time.
    `${figure(`  scroll the whole list (${count(scroll.heightPx)} px)`, scroll.ms, floorMs)}   ${count(scroll.frames)} frames of ${SCROLL_STEP_PX} px, ${(scroll.ms / scroll.frames).toFixed(1)} ms each   ${tasks(scroll)} by the wall clock`,
    `${'    the same tasks by CPU time (a trace)'.padEnd(54)} longest ${scroll.cpu.longestCpuMs.toFixed(0)} ms (${scroll.cpu.overLimit} over ${LONG_TASK_MS} ms)   target none over ${LONG_TASK_MS} ms   ${verdict(scroll.cpu.longestCpuMs <= LONG_TASK_MS)}   (by wall time in the trace ${scroll.cpu.longestWallMs.toFixed(0)} ms)`,
    // Issue #22: what the server sends to unlock the unchanged vault (documents billed as reads).
    `${'  documents the server sent to unlock it, unchanged'.padEnd(54)} with the device copy ${count(reads.withCopy.documents)} (+ ${count(reads.withCopy.counts)} counts)   without ${count(reads.withoutCopy.documents)} (+ ${count(reads.withoutCopy.counts)} counts, each a read per 1,000)`,
  ];
}
