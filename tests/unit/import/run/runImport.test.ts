// runImport over a recording writer: batches, progress, cancel, failures and groups. The same run
// through the vault service and the memory repositories is vaultImport.test.ts.
import { describe, expect, it } from 'vitest';
import type { PlannedEntry, PlannedGroup } from '../../../../src/features/import/plan/types';
import { IMPORT_BATCH_SIZE, ImportInterruptedError, runImport } from '../../../../src/features/import/run/runImport';
import type { ImportProgress, ImportWriter } from '../../../../src/features/import/run/types';

function planned(n: number, groupName: string | null = null): PlannedEntry {
  return { at: `item ${n + 1}`, kind: 'login', title: `Site ${n}`, url: null, username: `user${n}`, password: `pw${n}`, notes: null, groupName };
}

const entries = (count: number, groupOf: (n: number) => string | null = () => null) => Array.from({ length: count }, (_, n) => planned(n, groupOf(n)));

type Call = { readonly kind: 'group'; readonly name: string } | { readonly kind: 'entry'; readonly title: string; readonly groupId: string | null; readonly inFlight: number };

/**
 * Records every call in order, with how many entry writes were still running when each began.
 * `failEntry`/`failGroup`: the n-th call (from 1) of that kind rejects. Each write completes a few
 * ticks after it starts, so writes of one batch overlap as real ones do.
 */
function recordingWriter({ failEntry, failGroup }: { failEntry?: number; failGroup?: number } = {}) {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let entryCalls = 0;
  let groupCalls = 0;
  const ticks = async (n: number) => {
    for (let i = 0; i < n; i += 1) await Promise.resolve();
  };
  const writer: ImportWriter = {
    async createGroup(name) {
      groupCalls += 1;
      const call = groupCalls;
      calls.push({ kind: 'group', name });
      await ticks(2);
      if (call === failGroup) throw new Error('group refused');
      return `id-of-${name}`;
    },
    async createEntry(entry, groupId) {
      entryCalls += 1;
      const call = entryCalls;
      calls.push({ kind: 'entry', title: entry.title, groupId, inFlight });
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await ticks(1 + (call % 3));
        if (call === failEntry) throw new Error('connection lost');
      } finally {
        inFlight -= 1;
      }
    },
  };
  return {
    writer,
    calls,
    maxInFlight: () => maxInFlight,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('runImport', () => {
  it('writes every entry in file order, in batches of 25 by default, each batch finished before the next starts', async () => {
    const { writer, calls, maxInFlight } = recordingWriter();
    const outcome = await runImport({ entries: entries(60), groups: [] }, writer);
    expect(IMPORT_BATCH_SIZE).toBe(25);
    expect(outcome).toEqual({ written: 60, total: 60, cancelled: false });
    const written = calls.filter((call) => call.kind === 'entry');
    expect(written.map((call) => call.title)).toEqual(entries(60).map((entry) => entry.title));
    expect(maxInFlight()).toBe(25);
    // The first write of each batch starts with nothing running: the previous batch was awaited.
    expect(written.flatMap((call, n) => (call.inFlight === 0 ? [n] : []))).toEqual([0, 25, 50]);
  });

  it('reports progress after each batch, ending at the total', async () => {
    const progress: ImportProgress[] = [];
    await runImport({ entries: entries(23), groups: [] }, recordingWriter().writer, { batchSize: 10, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([
      { written: 10, total: 23 },
      { written: 20, total: 23 },
      { written: 23, total: 23 },
    ]);
  });

  it('gives the event loop a turn between batches (a timer set before the run fires during it)', async () => {
    let timerFired = false;
    setTimeout(() => {
      timerFired = true;
    }, 0);
    const firedAt: boolean[] = [];
    await runImport({ entries: entries(3), groups: [] }, recordingWriter().writer, { batchSize: 1, onProgress: () => firedAt.push(timerFired) });
    expect(firedAt).toEqual([false, true, true]);
  });

  it('a cancel stops between batches: the batch under way finishes, written entries stay, and it resolves cancelled', async () => {
    const { writer, calls } = recordingWriter();
    const controller = new AbortController();
    const outcome = await runImport({ entries: entries(60), groups: [] }, writer, {
      batchSize: 20,
      onProgress: ({ written }) => {
        if (written === 20) controller.abort();
      },
      signal: controller.signal,
    });
    expect(outcome).toEqual({ written: 20, total: 60, cancelled: true });
    expect(calls.filter((call) => call.kind === 'entry')).toHaveLength(20);
  });

  it('a cancel before the run starts writes nothing, not even groups', async () => {
    const { writer, calls } = recordingWriter();
    const controller = new AbortController();
    controller.abort();
    const groups: PlannedGroup[] = [{ name: 'Work', existingId: null, folders: ['Work'] }];
    const outcome = await runImport({ entries: entries(5, () => 'Work'), groups }, writer, { signal: controller.signal });
    expect(outcome).toEqual({ written: 0, total: 5, cancelled: true });
    expect(calls).toEqual([]);
  });

  it('a cancel after the last batch changes nothing: the run completed', async () => {
    const controller = new AbortController();
    const outcome = await runImport({ entries: entries(10), groups: [] }, recordingWriter().writer, {
      batchSize: 5,
      onProgress: ({ written }) => {
        if (written === 10) controller.abort();
      },
      signal: controller.signal,
    });
    expect(outcome).toEqual({ written: 10, total: 10, cancelled: false });
  });

  it('a write failing halfway stops the run after its batch, with the exact count written and the cause', async () => {
    const { writer, calls } = recordingWriter({ failEntry: 33 });
    const progress: ImportProgress[] = [];
    const error = await rejection(runImport({ entries: entries(100), groups: [] }, writer, { onProgress: (p) => progress.push(p) }));
    expect(error).toBeInstanceOf(ImportInterruptedError);
    const interrupted = error as ImportInterruptedError;
    // The second batch's other 24 writes landed; no third batch began.
    expect(calls.filter((call) => call.kind === 'entry')).toHaveLength(50);
    expect(interrupted.written).toBe(49);
    expect(interrupted.total).toBe(100);
    expect((interrupted.cause as Error).message).toBe('connection lost');
    expect(interrupted.message).toBe('The import stopped with 49 of 100 entries imported. Running the same import again imports only what is missing.');
    expect(progress).toEqual([{ written: 25, total: 100 }]);
  });

  it('counts in thousands as people read them', async () => {
    const error = await rejection(runImport({ entries: entries(1_300), groups: [] }, recordingWriter({ failEntry: 1_201 }).writer, { batchSize: 100 }));
    expect((error as ImportInterruptedError).message).toMatch(/^The import stopped with 1,299 of 1,300 entries imported\./);
  });

  it('creates each new group an entry uses once, before any entry, and puts entries in their groups', async () => {
    const { writer, calls } = recordingWriter();
    const groups: PlannedGroup[] = [
      { name: 'Work', existingId: null, folders: ['Work'] },
      { name: 'Home', existingId: 'home-id', folders: ['home'] },
      { name: 'Work / Servers', existingId: null, folders: ['Work / Servers'] },
      // Only a skipped duplicate goes here: nothing to put in it, so it is not made.
      { name: 'Old', existingId: null, folders: ['Old'] },
    ];
    const file = entries(30, (n) => [null, 'Work', 'Home', 'Work / Servers'][n % 4] ?? null);
    await runImport({ entries: file, groups }, writer, { batchSize: 7 });
    const made = calls.flatMap((call, n) => (call.kind === 'group' ? [[n, call.name] as const] : []));
    expect(made).toEqual([
      [0, 'Work'],
      [1, 'Work / Servers'],
    ]);
    const placed = calls.flatMap((call) => (call.kind === 'entry' ? [call.groupId] : []));
    expect(placed).toEqual(file.map((entry) => ({ Work: 'id-of-Work', Home: 'home-id', 'Work / Servers': 'id-of-Work / Servers' })[entry.groupName ?? ''] ?? null));
  });

  it('a group that cannot be created stops the run before any entry is written', async () => {
    const { writer, calls } = recordingWriter({ failGroup: 2 });
    const groups: PlannedGroup[] = ['A', 'B', 'C'].map((name) => ({ name, existingId: null, folders: [name] }));
    const error = await rejection(runImport({ entries: entries(9, (n) => ['A', 'B', 'C'][n % 3] ?? null), groups }, writer));
    expect(error).toBeInstanceOf(ImportInterruptedError);
    expect(error).toMatchObject({ written: 0, total: 9, message: 'The import stopped while creating groups, before any entry was imported. Running the same import again imports only what is missing.' });
    expect(((error as Error).cause as Error).message).toBe('group refused');
    expect(calls.filter((call) => call.kind === 'entry')).toEqual([]);
  });

  it('refuses a plan whose entry names a group the plan does not list, before writing anything', async () => {
    const { writer, calls } = recordingWriter();
    await expect(runImport({ entries: [planned(0), planned(1, 'Nowhere')], groups: [] }, writer)).rejects.toThrow('The import plan has no group named "Nowhere" (item 2)');
    expect(calls).toEqual([]);
  });

  it('an empty plan writes nothing and completes', async () => {
    const progress: ImportProgress[] = [];
    expect(await runImport({ entries: [], groups: [] }, recordingWriter().writer, { onProgress: (p) => progress.push(p) })).toEqual({ written: 0, total: 0, cancelled: false });
    expect(progress).toEqual([]);
  });

  it('refuses a batch size that is not a positive integer', async () => {
    for (const batchSize of [0, -1, 2.5, Number.NaN]) {
      await expect(runImport({ entries: entries(1), groups: [] }, recordingWriter().writer, { batchSize })).rejects.toBeInstanceOf(RangeError);
    }
  });
});
