// A diagnostic for the cold unlock's long tasks (KEYLOFT_BENCH_ANATOMY=1, coldUnlock.ts): a
// Chromium trace of the load with the timeline's events, and for each main-thread task that took
// more than the limit of CPU time, what ran inside it (script by function, style, layout, garbage
// collection, IndexedDB callbacks), summed by name, the heaviest first. Printed, not judged. The
// bundle is then built unminified (browser.ts), so that functions read by their names.
import type { Page } from 'playwright-core';
import { cpuMsOf, pageMainThread, taskFigures, traced, TASK, type MainThreadTasks, type MainThreadTrace, type TraceEvent } from './mainThreadCpu';

export const TRACING_ANATOMY = process.env.KEYLOFT_BENCH_ANATOMY === '1';

const CATEGORIES = ['toplevel', 'devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline', 'blink', 'IndexedDB', 'blink.user_timing'];

/** A readable name for an event inside a task: a script call by its function and place. */
function nameOf(event: TraceEvent): string {
  const data = event.args?.data;
  if (event.name === 'FunctionCall' && data !== undefined) {
    return `FunctionCall ${data.functionName || '(anonymous)'} ${(data.url ?? '').split('/').pop() ?? ''}:${String(data.lineNumber ?? '')}:${String(data.columnNumber ?? '')}`;
  }
  if (event.name === 'EventDispatch' && data?.type !== undefined) return `EventDispatch ${data.type}`;
  return event.name;
}

/** Runs `work` while tracing with the timeline; prints the anatomy of the long tasks; the same figures as tracingMainThread. */
export async function tracingAnatomy<T>(page: Page, limitMs: number, label: string, work: () => Promise<T>): Promise<{ result: T; tasks: MainThreadTasks; trace: MainThreadTrace }> {
  const { result, traceEvents } = await traced(page, CATEGORIES, work);
  const events = pageMainThread(traceEvents);
  const tasks = events.filter((event) => event.name === TASK);
  const long = tasks.filter((task) => cpuMsOf(task) > limitMs);
  // How much of the load the trace holds: a trace buffer that fills drops the later events.
  const spanMs = tasks.length === 0 ? 0 : (Math.max(...tasks.map((task) => task.ts + (task.dur ?? 0))) - Math.min(...tasks.map((task) => task.ts))) / 1000;
  console.error(`    ${label}: ${String(tasks.length)} tasks over ${spanMs.toFixed(0)} ms, ${String(long.length)} over ${String(limitMs)} ms of CPU; by wall time ${String(tasks.filter((task) => (task.dur ?? 0) / 1000 > limitMs).length)}`);
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter((event) => event !== task && event.name !== TASK && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    const summed = new Map<string, number>();
    for (const event of inside) summed.set(nameOf(event), (summed.get(nameOf(event)) ?? 0) + (event.tdur ?? event.dur ?? 0) / 1000);
    const top = [...summed.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.error(`      task of ${cpuMsOf(task).toFixed(0)} ms CPU (${((task.dur ?? 0) / 1000).toFixed(0)} ms wall):`);
    for (const [name, ms] of top) console.error(`        ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
  return { result, tasks: taskFigures(tasks, limitMs), trace: { traceEvents, mainTasks: tasks } };
}
