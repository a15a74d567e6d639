/** Median wall time in ms of `runs` calls of `work`, after one warm-up call. */
export async function medianMs(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

export function row(label: string, ours: number, floor: number, unit = 'ms'): string {
  return `${label.padEnd(44)} ours ${ours.toFixed(1).padStart(9)} ${unit}   floor ${floor.toFixed(1).padStart(9)} ${unit}   ratio ${(ours / floor).toFixed(2)}`;
}
