// What `npm run bench:browser` prints at the end, from the results its parts left in one file.
// Each part (a vault size, the vault screen, the cold unlock) runs on emulators started afresh
// (scripts/bench-browser.mjs): the Firestore emulator keeps feeding the listen targets of every page
// closed before, so a vault seeded after others paid for theirs (20,000 entries took 914 s to seed
// after the 1,000 and 10,000 vaults' pages had closed; 31.5 s for 10,000 on a fresh emulator).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Timings } from './browserLoad';
import { LONG_TASK_MS, type MainThreadTasks } from './mainThreadCpu';

/** The floor and the emulator's own times for one vault, each paged time measured beside one load. */
export interface Emulator {
  readonly floorMs: number;
  readonly emulatorMs: number;
  readonly emulatorFirstPageMs: number;
  readonly emulatorPagedMs: number;
  /** The settled list over the emulator's own paging, load by load, and their median. */
  readonly settledVsPaging: number;
}

/** Its loads' main-thread tasks by CPU time (a trace), the worst load's. */
export interface LoadCpu {
  readonly cpu: MainThreadTasks;
}

export type VaultResult = Timings & Emulator & LoadCpu;

/** What the parts of one run measured: each vault by size, and the lines of the other sections. */
export interface BrowserResults {
  readonly sizes: Record<string, VaultResult>;
  readonly lines: Record<string, readonly string[]>;
}

const EMPTY: BrowserResults = { sizes: {}, lines: {} };

export function readResults(path: string | undefined): BrowserResults {
  if (path === undefined || !existsSync(path)) return EMPTY;
  return JSON.parse(readFileSync(path, 'utf8')) as BrowserResults;
}

/** Adds one part's results to those of the parts before it. */
export function keepResults(path: string, part: BrowserResults): void {
  const before = readResults(path);
  writeFileSync(path, JSON.stringify({ sizes: { ...before.sizes, ...part.sizes }, lines: { ...before.lines, ...part.lines } }));
}

/** Targets of issue #18's Bench section, as issue #42 judges them: against the emulator's own floor. */
const FIRST_ROW_GROWTH = 1.2;
/** The settled list at these sizes within 1.3 × the emulator's own paging of the same documents. */
const SETTLED_VS_PAGING = 1.3;
const SETTLED_VS_PAGING_AT = [10_000, 20_000] as const;
/** Issue #18's first target, the settled list at 10,000 within 2 × its bare decryptions: emulator-bound. */
const SETTLED_RATIO = 2;
const SETTLED_RATIO_AT = 10_000;
const SMALL = 1_000;
const LARGE = 20_000;

const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
const count = (size: number) => size.toLocaleString('en-US').padStart(6);
const label = (text: string) => text.padEnd(58);
const bound = (text: string, ratio: number, first: number) => `${label(text)} ratio ${ratio.toFixed(2)}   first asked ≤ ${String(first)}: emulator-bound, not judged`;

/** The report's lines: each vault, the judged ratios, then the other sections' lines in `order`. */
export function reportLines({ sizes, lines }: BrowserResults, loads: number, order: readonly string[]): string[] {
  const results = new Map(Object.entries(sizes).map(([size, result]) => [Number(size), result] as const).sort(([a], [b]) => a - b));
  const out = [`Keyloft browser benchmarks — Chromium against the emulators, ${new Date().toISOString()}`];
  for (const [size, result] of results) {
    out.push(
      `${count(size)} entries: first row ${result.firstRowMs.toFixed(0).padStart(6)} ms   settled ${result.settledMs.toFixed(0).padStart(6)} ms   floor ${result.floorMs
        .toFixed(0)
        .padStart(5)} ms (${size.toLocaleString('en-US')} bare decrypts)   ratio ${(result.settledMs / result.floorMs).toFixed(2)}   longest task ${result.longestTaskMs.toFixed(0)} ms (${result.longTasks} over 50 ms; after the first row ${result.longestAfterFirstRowMs.toFixed(0)} ms, ${result.longTasksAfterFirstRow})   emulator alone ${result.emulatorMs.toFixed(0)} ms (first page ${result.emulatorFirstPageMs.toFixed(0)} ms, paged ${result.emulatorPagedMs.toFixed(0)} ms)`,
    );
  }
  for (const size of SETTLED_VS_PAGING_AT) {
    const result = results.get(size);
    if (result === undefined) continue;
    out.push(
      `${label(`settled list at ${size.toLocaleString('en-US')} vs the emulator's own paging`)} ratio ${result.settledVsPaging.toFixed(2)} (median of ${String(loads)} pairs; paged ${result.emulatorPagedMs.toFixed(0)} ms)   target ≤ ${String(SETTLED_VS_PAGING)}   ${verdict(result.settledVsPaging <= SETTLED_VS_PAGING)}`,
    );
  }
  const small = results.get(SMALL);
  const large = results.get(LARGE);
  if (small && large) {
    // The app asks for the same first page whatever the vault's size: what the emulator's own first
    // page (the same query, no rules) takes longer at 20,000 is its scan, not the app's.
    const emulatorLater = large.emulatorFirstPageMs - small.emulatorFirstPageMs;
    const growth = (large.firstRowMs - emulatorLater) / small.firstRowMs;
    out.push(
      `${label("first row at 20,000 less the emulator's own first-page difference, vs at 1,000")} ratio ${growth.toFixed(2)} (${large.firstRowMs.toFixed(0)} − ${emulatorLater.toFixed(0)} ms vs ${small.firstRowMs.toFixed(0)} ms)   target ≤ ${String(FIRST_ROW_GROWTH)}   ${verdict(growth <= FIRST_ROW_GROWTH)}`,
    );
    out.push(bound('  first row at 20,000 vs 1,000 as it is', large.firstRowMs / small.firstRowMs, FIRST_ROW_GROWTH));
  }
  if (results.size > 0) {
    // Judged by CPU time, as the cold unlock and the vault screen: 'longtask' entries are wall time,
    // and the page shares this machine's two cores with the emulators (README, "In the browser").
    const longestCpu = Math.max(...[...results.values()].map((result) => result.cpu.longestCpuMs));
    const overCpu = Math.max(...[...results.values()].map((result) => result.cpu.overLimit));
    out.push(
      `${label('longest task while loading (any size), by CPU time (a trace)')} ${longestCpu.toFixed(0)} ms (${String(overCpu)} over ${String(LONG_TASK_MS)} ms)   target ≤ ${String(LONG_TASK_MS)} ms   ${verdict(longestCpu <= LONG_TASK_MS)}`,
    );
    const longest = Math.max(...[...results.values()].map((result) => result.longestTaskMs));
    out.push(`${label('  the same by the wall clock (longtask; a wait for a core counts)')} ${longest.toFixed(0)} ms   not judged`);
  }
  const settledAt = results.get(SETTLED_RATIO_AT);
  if (settledAt) {
    out.push(bound('settled list at 10,000 vs its floor (bare decrypts)', settledAt.settledMs / settledAt.floorMs, SETTLED_RATIO));
    // Context for the line above: the emulator alone handing over the documents (one admin query, no
    // rules; then paged as the app reads them) against the same floor. Above 2, no client can meet it here.
    out.push(`${label('  emulator alone serving them vs the floor')} ratio ${(settledAt.emulatorMs / settledAt.floorMs).toFixed(2)}`);
    out.push(`${label('  emulator paging them alone vs the floor')} ratio ${(settledAt.emulatorPagedMs / settledAt.floorMs).toFixed(2)}`);
  }
  for (const section of order) out.push(...(lines[section] ?? []));
  return out;
}
