export interface Comparison {
  readonly ours: number;
  readonly floor: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * Median wall times (ms) of our code and of the floor, run alternately after one warm-up each,
 * so that drift in the machine's speed during the run affects both sides alike.
 */
export async function compare(runs: number, ours: () => Promise<unknown>, floor: () => Promise<unknown>): Promise<Comparison> {
  await ours();
  await floor();
  const oursTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    floorTimes.push(await timeMs(floor));
    oursTimes.push(await timeMs(ours));
  }
  return { ours: median(oursTimes), floor: median(floorTimes) };
}

/**
 * As compare(), with `prepare` run untimed before every timed call of either side (fresh state
 * for work that consumes it, such as a rotation).
 */
export async function compareWithSetup(
  runs: number,
  prepare: () => Promise<void>,
  ours: () => Promise<unknown>,
  floor: () => Promise<unknown>,
): Promise<Comparison> {
  const oursTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let i = 0; i <= runs; i += 1) {
    await prepare();
    const floorTime = await timeMs(floor);
    await prepare();
    const oursTime = await timeMs(ours);
    // The first round warms up.
    if (i > 0) {
      floorTimes.push(floorTime);
      oursTimes.push(oursTime);
    }
  }
  return { ours: median(oursTimes), floor: median(floorTimes) };
}

export function row(label: string, { ours, floor }: Comparison, unit = 'ms'): string {
  return `${label.padEnd(46)} ours ${ours.toFixed(1).padStart(8)} ${unit}   floor ${floor.toFixed(1).padStart(8)} ${unit}   ratio ${(ours / floor).toFixed(2)}`;
}

/** `within` or `OVER` the target ratio (ours / floor), as the figures of issue #18's Bench section are printed. */
export function target({ ours, floor }: Comparison, ratio: number): string {
  return `target ≤ ${ratio.toFixed(2)}   ${ours / floor <= ratio ? 'within' : 'OVER'}`;
}
