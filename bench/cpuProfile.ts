// A diagnostic for the bench's long tasks (KEYLOFT_BENCH_PROFILE=1): the V8 CPU profile of the
// page while `work` runs, summed by function (self time), the heaviest first. Printed, not judged.
import type { Page } from 'playwright-core';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export const PROFILING = process.env.KEYLOFT_BENCH_PROFILE === '1';

export async function profiled<T>(page: Page, label: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILING) return work();
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  const result = await work();
  const { profile } = (await session.send('Profiler.stop')) as { profile: Profile };
  await session.detach();
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byNode.get(id);
    if (node === undefined) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${String(lineNumber)}`;
    selfUs.set(key, (selfUs.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const top = [...selfUs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(`    profile of ${label} (self time):`);
  for (const [name, us] of top) console.log(`      ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  return result;
}
