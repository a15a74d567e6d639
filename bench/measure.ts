export interface Comparison {
  readonly ours: number;
  readonly floor: number;
  /**
   * The figure's ratio: the median of the runs' own ratios (ours / floor of the same run), where
   * the sides ran in pairs. A busy machine slows both runs of a pair alike, so the pair's ratio
   * holds where the median times of each side drift apart. Absent, ours / floor.
   */
  readonly ratio?: number;
  /** Timed runs of each side. */
  readonly runs?: number;
  /**
   * The same pairs by the CPU time this process took (every thread: main, workers, WebCrypto's
   * pool), median of the pairs' ratios: what each side costs whatever cores the machine has free.
   */
  readonly cpuRatio?: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function ratioOf(figure: Comparison): number {
  return figure.ratio ?? figure.ours / figure.floor;
}

interface Timed {
  readonly ms: number;
  readonly cpuMs: number;
}

/**
 * What a timed side may answer: the milliseconds of its time spent in a stand-in for the server
 * (the in-memory fake of the callables), which is not the browser's work and is left out of both
 * its wall and its CPU time. The fake runs on this thread while our code awaits it, nothing of
 * ours beside it, so its wall time is its CPU time.
 */
export interface ServerTime {
  readonly serverMs: number;
}

function serverMsOf(result: unknown): number {
  return typeof result === 'object' && result !== null && typeof (result as Partial<ServerTime>).serverMs === 'number' ? (result as ServerTime).serverMs : 0;
}

async function timeMs(work: () => Promise<unknown>): Promise<Timed> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const server = serverMsOf(await work());
  const ms = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  return { ms: ms - server, cpuMs: (user + system) / 1000 - server };
}

/** Paired times (ms) as one figure: each side's median time, and the median of the pairs' ratios. */
export function paired(oursTimes: readonly number[], floorTimes: readonly number[]): Comparison {
  const ratios = oursTimes.map((ours, index) => ours / (floorTimes[index] ?? Number.NaN));
  return { ours: median(oursTimes), floor: median(floorTimes), ratio: median(ratios), runs: oursTimes.length };
}

/**
 * Our code and the floor run in pairs after one warm-up each, the side that goes first changing
 * from pair to pair (what one run leaves behind, garbage or a warm cache, falls on each side
 * alike); `prepare`, when given, runs untimed before every timed call of either side (fresh state
 * for work that consumes it, such as a rotation). The figure is paired(): a busy machine moves
 * both sides of a pair alike, and the median leaves out pairs that a pause split.
 */
export async function compare(runs: number, ours: () => Promise<unknown>, floor: () => Promise<unknown>, prepare?: () => Promise<void>): Promise<Comparison> {
  const timed = async (work: () => Promise<unknown>) => {
    await prepare?.();
    return timeMs(work);
  };
  await timed(ours);
  await timed(floor);
  const oursTimes: Timed[] = [];
  const floorTimes: Timed[] = [];
  for (let i = 0; i < runs; i += 1) {
    if (i % 2 === 0) {
      floorTimes.push(await timed(floor));
      oursTimes.push(await timed(ours));
    } else {
      oursTimes.push(await timed(ours));
      floorTimes.push(await timed(floor));
    }
  }
  const cpuRatio = median(oursTimes.map((one, index) => one.cpuMs / (floorTimes[index]?.cpuMs ?? Number.NaN)));
  return {
    ...paired(
      oursTimes.map((one) => one.ms),
      floorTimes.map((one) => one.ms),
    ),
    cpuRatio,
  };
}

/** As compare(), with `prepare` run untimed before every timed call of either side. */
export function compareWithSetup(runs: number, prepare: () => Promise<void>, ours: () => Promise<unknown>, floor: () => Promise<unknown>): Promise<Comparison> {
  return compare(runs, ours, floor, prepare);
}

export function row(label: string, figure: Comparison, unit = 'ms'): string {
  const { ours, floor, runs, cpuRatio } = figure;
  const cpu = cpuRatio === undefined ? '' : `, by CPU time ${cpuRatio.toFixed(2)}`;
  const pairs = runs === undefined ? '' : `   (median of ${String(runs)} pairs${cpu})`;
  return `${label.padEnd(46)} ours ${ours.toFixed(1).padStart(8)} ${unit}   floor ${floor.toFixed(1).padStart(8)} ${unit}   ratio ${ratioOf(figure).toFixed(2)}${pairs}`;
}

/** `within` or `OVER` the target ratio (ours / floor), as the figures of issue #18's Bench section are printed. */
export function target(figure: Comparison, ratio: number): string {
  return `target ≤ ${ratio.toFixed(2)}   ${ratioOf(figure) <= ratio ? 'within' : 'OVER'}`;
}

/**
 * The first figure where the emulator decides it: printed with its ratio and the target
 * first asked, labelled emulator-bound and never judged (its judged figure is against the
 * emulator's own floor, on the line before).
 */
export function emulatorBound(label: string, ratio: number, firstTarget: number): string {
  return `${label.padEnd(46)} ratio ${ratio.toFixed(2)}   first asked ≤ ${firstTarget.toFixed(2)}: emulator-bound, not judged`;
}
