// What the vault screen bench measures in the page once the list has settled: one search
// keystroke to the list updated, and scrolling the whole list. Both read the long tasks that
// `instrument` (browserLoad.ts) records from the page's first script.
import type { Page } from 'playwright-core';
import { profiled } from './cpuProfile';
import type { PageRecord } from './browserLoad';
import { tracingMainThread, type MainThreadTasks } from './mainThreadCpu';

/** Long tasks are reported after they end: time for the observer's entries to arrive. */
const TASK_REPORT_MS = 300;

export interface TaskWindow {
  /** The longest task that overlapped the window, 0 when none did (the API reports tasks over 50 ms only). */
  readonly longestTaskMs: number;
  readonly longTasks: number;
}

export interface SearchTiming extends TaskWindow {
  /** From the input event to the rows' aria-setsize saying the match count. */
  readonly ms: number;
}

export interface ScrollTiming extends TaskWindow {
  readonly ms: number;
  readonly frames: number;
  /** The page's height at the end, in CSS pixels. */
  readonly heightPx: number;
  /** The same tasks by CPU time (Chromium's trace): what the page's work cost, waits for a core left out. */
  readonly cpu: MainThreadTasks;
}

/** The long tasks recorded since the page started that overlap [from, to] (page time). */
async function tasksBetween(page: Page, from: number, to: number): Promise<TaskWindow> {
  await page.waitForTimeout(TASK_REPORT_MS);
  return page.evaluate(
    ([start, end]) => {
      const { tasks } = (window as unknown as { __bench: PageRecord }).__bench;
      const during = tasks.filter(([begun, duration]) => begun + duration >= start && begun <= end);
      return { longestTaskMs: Math.max(0, ...during.map(([, duration]) => duration)), longTasks: during.length };
    },
    [from, to] as const,
  );
}

/** Waits until the first row of `list` says the list holds `size` rows. */
function rowsCounted(page: Page, list: string, size: number): Promise<unknown> {
  return page.waitForFunction(
    ([label, count]) => document.querySelector(`[aria-label="${label}"] li`)?.getAttribute('aria-setsize') === String(count),
    [list, size] as const,
    { timeout: 60_000 },
  );
}

/**
 * Types `query` (one character) into 'Search passwords' and times, inside the page, from the
 * input event (its timeStamp, on the clock of performance.now) to the DOM change that set the rows'
 * aria-setsize to `matches` (a MutationObserver). Then empties the search and waits for the whole
 * list (`total` rows) again.
 */
export async function measureSearch(page: Page, list: string, query: string, matches: number, total: number): Promise<SearchTiming> {
  const box = page.getByLabel('Search passwords', { exact: true });
  await box.focus();
  await page.evaluate(
    ([label, count]) => {
      const probe = { input: null as number | null, updated: null as number | null };
      (window as unknown as { __search: typeof probe }).__search = probe;
      document.addEventListener(
        'input',
        (event) => {
          probe.input ??= event.timeStamp;
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        if (probe.input === null) return;
        if (document.querySelector(`[aria-label="${label}"] li`)?.getAttribute('aria-setsize') !== String(count)) return;
        probe.updated = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-setsize'] });
    },
    [list, matches] as const,
  );
  await page.keyboard.type(query);
  await page.waitForFunction(() => (window as unknown as { __search: { updated: number | null } }).__search.updated !== null, undefined, { timeout: 60_000 });
  const { input, updated } = await page.evaluate(() => (window as unknown as { __search: { input: number; updated: number } }).__search);
  const tasks = await tasksBetween(page, input, updated);
  await box.fill('');
  await rowsCounted(page, list, total);
  return { ms: updated - input, ...tasks };
}

/**
 * Scrolls the page from the top to the last row of `list` (`total` rows): window.scrollBy of
 * `stepPx`, then the next animation frame, until the last rendered row is row `total` and the
 * page can go no further; the long tasks meanwhile, by wall time (PerformanceObserver) and, from a
 * trace of the scroll, by CPU time (tasks over `limitMs`).
 */
export async function measureScroll(page: Page, list: string, total: number, stepPx: number, limitMs: number): Promise<ScrollTiming> {
  const { result, tasks: cpu } = await tracingMainThread(page, limitMs, () => profiled(page, 'the scroll', () => scrollDown(page, list, total, stepPx)));
  const { started, ended, frames, heightPx } = result;
  const tasks = await tasksBetween(page, started, ended);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  return { ms: ended - started, frames, heightPx, ...tasks, cpu };
}

function scrollDown(page: Page, list: string, total: number, stepPx: number) {
  return page.evaluate(
    async ([label, count, step]) => {
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      window.scrollTo(0, 0);
      await frame();
      await frame();
      const begun = performance.now();
      let drawn = 0;
      let stuck = 0;
      for (;;) {
        const before = window.scrollY;
        window.scrollBy(0, step);
        await frame();
        drawn += 1;
        const rows = document.querySelectorAll(`[aria-label="${label}"] li`);
        const last = rows[rows.length - 1]?.getAttribute('aria-posinset');
        const bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
        if (last === String(count) && bottom) break;
        stuck = window.scrollY === before ? stuck + 1 : 0;
        // A list that stops growing short of its last row would scroll forever.
        if (stuck > 120) throw new Error(`scrolling stopped at ${window.scrollY} px with row ${last ?? 'none'} of ${count} last`);
      }
      return { started: begun, ended: performance.now(), frames: drawn, heightPx: document.documentElement.scrollHeight };
    },
    [list, total, stepPx] as const,
  );
}
