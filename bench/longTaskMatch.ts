// Issue #42 item 6's puzzle: the cold unlock's 'longtask' entries (PerformanceObserver, wall time)
// ran to hundreds of ms while the trace of the same load showed no main-thread task that long,
// even by wall time. This lays each long task over the trace: the page marks the Unlock click
// (performance.mark, which the trace records under 'blink.user_timing' on its own clock), so each
// entry's span can be found in the trace, and what the page's main thread ran in it is counted.
import { TASK, type TraceEvent } from './mainThreadCpu';

/** The mark the page sets at the Unlock click (coldUnlock.ts). */
export const UNLOCK_MARK = 'keyloft-unlock';

/** One longtask entry as the trace saw its span. */
export interface LongTaskInTrace {
  readonly wallMs: number;
  /** The page's main-thread tasks that ran in the span, whole or in part. */
  readonly traceTasks: number;
  /** The longest of them by wall time (their part inside the span). */
  readonly longestTraceWallMs: number;
  /** Their thread (CPU) time in all. */
  readonly traceCpuMs: number;
  /** The span's time in which no task of the main thread ran. */
  readonly idleMs: number;
  /** How long before the span's end the last main-thread task in it began (a span that opens long before its task ran). */
  readonly lastTaskStartedBeforeEndMs: number | null;
  /** The busiest other threads of the page's process in the span, by CPU time (name, ms). */
  readonly otherThreads: readonly (readonly [string, number])[];
}

/**
 * Each long task `[startMs, durationMs]` (on performance.now's clock) laid over the trace's main-
 * thread tasks, given when the mark was set on each clock. Null when the trace holds no mark.
 */
export function longTasksInTrace(traceEvents: readonly TraceEvent[], mainTasks: readonly TraceEvent[], markStartMs: number, longTasks: readonly (readonly [number, number])[]): LongTaskInTrace[] | null {
  const mark = traceEvents.find((event) => event.name === UNLOCK_MARK);
  if (mark === undefined) return null;
  const offsetUs = mark.ts - markStartMs * 1000;
  // Top-level tasks only: a nested run loop's tasks lie inside their parent's span.
  const tasks = mainTasks.filter((task) => task.name === TASK).sort((a, b) => a.ts - b.ts);
  const main = tasks[0];
  const names = new Map(traceEvents.filter((event) => event.ph === 'M' && event.name === 'thread_name').map((event) => [`${String(event.pid)}/${String(event.tid)}`, event.args?.name ?? '?']));
  const others = traceEvents.filter((event) => event.ph === 'X' && event.name === TASK && main !== undefined && event.pid === main.pid && event.tid !== main.tid);
  return longTasks.map(([startMs, durationMs]) => {
    const from = offsetUs + startMs * 1000;
    const to = from + durationMs * 1000;
    let covered = 0;
    let coveredTo = from;
    let longest = 0;
    let cpu = 0;
    let count = 0;
    let lastStart: number | null = null;
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      if (end <= from || task.ts >= to) continue;
      count += 1;
      lastStart = task.ts;
      const inside = Math.min(end, to) - Math.max(task.ts, from);
      longest = Math.max(longest, inside);
      cpu += task.tdur ?? 0;
      const start = Math.max(task.ts, coveredTo);
      const stop = Math.min(end, to);
      if (stop > start) covered += stop - start;
      coveredTo = Math.max(coveredTo, stop);
    }
    const byThread = new Map<string, number>();
    for (const task of others) {
      if (task.ts + (task.dur ?? 0) <= from || task.ts >= to) continue;
      const name = names.get(`${String(task.pid)}/${String(task.tid)}`) ?? String(task.tid);
      byThread.set(name, (byThread.get(name) ?? 0) + (task.tdur ?? 0) / 1000);
    }
    return {
      wallMs: durationMs,
      traceTasks: count,
      longestTraceWallMs: longest / 1000,
      traceCpuMs: cpu / 1000,
      idleMs: (to - from - covered) / 1000,
      lastTaskStartedBeforeEndMs: lastStart === null ? null : (to - lastStart) / 1000,
      otherThreads: [...byThread.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3),
    };
  });
}

/** One line on a run's long tasks as the trace saw them: how many it shows as one task that long, and the longest laid bare. */
export function longTasksLine(matched: readonly LongTaskInTrace[] | null): string {
  if (matched === null) return 'the trace holds no Unlock mark: long tasks not laid over it';
  if (matched.length === 0) return 'no long task';
  const asLong = matched.filter((task) => task.longestTraceWallMs >= 0.9 * task.wallMs).length;
  const worst = matched.reduce((found, task) => (task.wallMs > found.wallMs ? task : found));
  return `${String(asLong)} of ${String(matched.length)} a main-thread task as long in the trace; the longest, ${worst.wallMs.toFixed(0)} ms: ${String(worst.traceTasks)} tasks in its span (longest ${worst.longestTraceWallMs.toFixed(0)} ms wall, ${worst.traceCpuMs.toFixed(0)} ms CPU in all), ${worst.idleMs.toFixed(0)} ms with none running, the last begun ${worst.lastTaskStartedBeforeEndMs?.toFixed(0) ?? '–'} ms before the span's end; other threads of the page ${worst.otherThreads.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ') || 'none'} of CPU`;
}
