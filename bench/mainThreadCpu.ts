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

/** Issue #18's limit for any one task of the page's main thread while it loads, scrolls or searches. */
export const LONG_TASK_MS = 50;

/** One task of a thread's task loop, with its wall and thread time. */
export const TASK = 'ThreadControllerImpl::RunTask';

/** A trace event, as far as these benches read it. */
export interface TraceEvent {
  readonly ph: string;
  readonly name: string;
  readonly cat?: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly functionName?: string; readonly url?: string; readonly lineNumber?: number; readonly columnNumber?: number; readonly type?: string } };
}

/** Runs `work` while Chromium traces `categories`; what `work` returned and the trace's events. */
export async function traced<T>(page: Page, categories: readonly string[], work: () => Promise<T>): Promise<{ result: T; traceEvents: readonly TraceEvent[] }> {
  const browser = page.context().browser();
  if (browser === null) throw new Error('the page has no browser to trace');
  await browser.startTracing(page, { categories: [...categories] });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  return { result, traceEvents };
}

/**
 * The complete events ('X') of the page's renderer main thread, those of `name` alone when given:
 * the busiest CrRendererMain (the context holds this one page).
 */
export function pageMainThread(traceEvents: readonly TraceEvent[], name?: string): TraceEvent[] {
  const mainThreads = new Set(traceEvents.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}/${event.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of traceEvents) {
    const thread = `${event.pid}/${event.tid}`;
    if (event.ph !== 'X' || (name !== undefined && event.name !== name) || !mainThreads.has(thread)) continue;
    const events = byThread.get(thread) ?? [];
    events.push(event);
    byThread.set(thread, events);
  }
  return [...byThread.values()].reduce<TraceEvent[]>((busiest, found) => (found.length > busiest.length ? found : busiest), []);
}

/** The thread time of a trace event, in ms. */
export const cpuMsOf = (event: TraceEvent): number => (event.tdur ?? 0) / 1000;

/** The figures of a main thread's tasks (its TASK events) against `limitMs` of CPU time. */
export function taskFigures(tasks: readonly TraceEvent[], limitMs: number): MainThreadTasks {
  const cpu = tasks.map(cpuMsOf);
  return {
    longestWallMs: tasks.reduce((longest, task) => Math.max(longest, (task.dur ?? 0) / 1000), 0),
    longestCpuMs: cpu.reduce((longest, ms) => Math.max(longest, ms), 0),
    overLimit: cpu.filter((ms) => ms > limitMs).length,
  };
}

/** A trace's events, and those of the page's main thread's tasks. */
export interface MainThreadTrace {
  readonly traceEvents: readonly TraceEvent[];
  readonly mainTasks: readonly TraceEvent[];
}

/**
 * Runs `work` while Chromium traces its top-level tasks (and the page's performance marks); the
 * page's main-thread tasks by CPU time, and the trace.
 */
export async function tracingMainThread<T>(page: Page, limitMs: number, work: () => Promise<T>): Promise<{ result: T; tasks: MainThreadTasks; trace: MainThreadTrace }> {
  const { result, traceEvents } = await traced(page, ['toplevel', 'blink.user_timing'], work);
  const tasks = pageMainThread(traceEvents, TASK);
  if (tasks.length === 0) throw new Error(`the trace holds no ${TASK} event of a renderer's main thread`);
  if (tasks.every((task) => task.tdur === undefined)) throw new Error(`the trace's ${TASK} events carry no thread time (tdur)`);
  return { result, tasks: taskFigures(tasks, limitMs), trace: { traceEvents, mainTasks: tasks } };
}
