// The page's main-thread tasks as Chromium's tracing sees them, for telling a task that worked for
// long from one that waited: PerformanceObserver 'longtask' reports wall time, so on a machine
// whose cores are busy with other work (here two cores shared with the emulators and whatever
// else runs) a task that ran for 10 ms can be reported at 200 ms. The trace's task events
// (ThreadControllerImpl::RunTask, category 'toplevel') carry both the wall time (dur) and the
// thread's CPU time (tdur).
import type { Page } from 'playwright-core';

export interface MainThreadTasks {
  /** The longest task of the page's main thread by wall time, as the trace saw it (a check on the longtask figure). */
  readonly longestWallMs: number;
  /** The most CPU time any one task of the page's main thread took. */
  readonly longestCpuMs: number;
  /** How many of them took more than `limitMs` of CPU time. */
  readonly overLimit: number;
}

/** One task of a thread's task loop, with its wall and thread time. */
const TASK = 'ThreadControllerImpl::RunTask';

interface TraceEvent {
  readonly ph: string;
  readonly name: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** Runs `work` while Chromium traces its top-level tasks; the page's main-thread tasks by CPU time. */
export async function tracingMainThread<T>(page: Page, limitMs: number, work: () => Promise<T>): Promise<{ result: T; tasks: MainThreadTasks }> {
  const browser = page.context().browser();
  if (browser === null) throw new Error('the page has no browser to trace');
  await browser.startTracing(page, { categories: ['toplevel'] });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  const trace = await browser.stopTracing();
  return { result, tasks: mainThreadTasks(JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }, limitMs) };
}

function mainThreadTasks({ traceEvents }: { traceEvents: readonly TraceEvent[] }, limitMs: number): MainThreadTasks {
  const mainThreads = new Set(traceEvents.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}/${event.tid}`));
  // The page's renderer is the busy one (the context holds this one page).
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of traceEvents) {
    const thread = `${event.pid}/${event.tid}`;
    if (event.ph !== 'X' || event.name !== TASK || !mainThreads.has(thread)) continue;
    const tasks = byThread.get(thread) ?? [];
    tasks.push(event);
    byThread.set(thread, tasks);
  }
  const tasks = [...byThread.values()].reduce<TraceEvent[]>((busiest, found) => (found.length > busiest.length ? found : busiest), []);
  if (tasks.length === 0) throw new Error(`the trace holds no ${TASK} event of a renderer's main thread`);
  if (tasks.every((task) => task.tdur === undefined)) throw new Error(`the trace's ${TASK} events carry no thread time (tdur)`);
  const cpu = tasks.map((task) => (task.tdur ?? 0) / 1000);
  return {
    longestWallMs: tasks.reduce((longest, task) => Math.max(longest, (task.dur ?? 0) / 1000), 0),
    longestCpuMs: cpu.reduce((longest, ms) => Math.max(longest, ms), 0),
    overLimit: cpu.filter((ms) => ms > limitMs).length,
  };
}
