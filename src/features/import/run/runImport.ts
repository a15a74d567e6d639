// Writes a confirmed plan (issue #20, item 4): the groups it needs first, then the entries in
// batches. Nothing here knows the vault: the writer does (types.ts). Each batch is awaited and then
// the event loop gets a turn, so a 10,000-item import keeps the page responsive and a cancel takes
// effect between batches. What was written stays written: the next plan of the same file sees it
// as duplicates, which is what makes running the import again finish it.
import type { PlannedEntry, PlannedGroup } from '../plan/types';
import type { ImportOutcome, ImportProgress, ImportWriter } from './types';

/** Entries created at once per batch: enough to keep the network busy, few enough to cancel promptly. */
export const IMPORT_BATCH_SIZE = 25;

export interface ImportInput {
  readonly entries: readonly PlannedEntry[];
  readonly groups: readonly PlannedGroup[];
}

export interface RunImportOptions {
  /** Aborted: the run stops before its next batch and resolves with cancelled: true. */
  readonly signal?: AbortSignal;
  /** Called after each batch of entries. */
  readonly onProgress?: (progress: ImportProgress) => void;
  readonly batchSize?: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/** A write failed: `written` entries are in the target; the same import run again adds only the rest. */
export class ImportInterruptedError extends Error {
  override readonly name = 'ImportInterruptedError';
  constructor(
    readonly written: number,
    readonly total: number,
    cause: unknown,
    stage: 'groups' | 'entries' = 'entries',
  ) {
    super(
      `${
        stage === 'groups'
          ? 'The import stopped while creating groups, before any entry was imported.'
          : `The import stopped with ${count(written)} of ${count(total)} entries imported.`
      } Running the same import again imports only what is missing.`,
      { cause },
    );
  }
}

/** Lets the page paint and handle input between batches. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type BatchesEnd = { readonly done: number } & ({ readonly end: 'complete' | 'cancelled' } | { readonly end: 'failed'; readonly cause: unknown });

/**
 * Runs `write` over `items` in batches of `size`, all of a batch at once, until the end, a cancel
 * or a failure. `done` counts the writes that succeeded: after a failure it counts those of the
 * failed batch that did land (the batch is left to settle), so it is exact.
 */
async function inBatches<T>(
  items: readonly T[],
  size: number,
  write: (item: T) => Promise<void>,
  after: (done: number) => void,
  signal: AbortSignal | undefined,
): Promise<BatchesEnd> {
  let done = 0;
  for (let start = 0; start < items.length; start += size) {
    if (signal?.aborted) return { done, end: 'cancelled' };
    if (start > 0) await nextTurn();
    if (signal?.aborted) return { done, end: 'cancelled' };
    const settled = await Promise.allSettled(items.slice(start, start + size).map(write));
    done += settled.filter((result) => result.status === 'fulfilled').length;
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) return { done, end: 'failed', cause: failed.reason };
    after(done);
  }
  return { done, end: 'complete' };
}

/**
 * The groups to create: those of the plan not in the target yet that some entry goes into, or that
 * the file lists on its own (a Keyloft export's empty groups), each once.
 */
function groupsToCreate(input: ImportInput): PlannedGroup[] {
  const planned = new Map(input.groups.map((group) => [group.name, group]));
  const needed = new Set<string>(input.groups.filter((group) => group.existingId === null && group.listed !== undefined).map((group) => group.name));
  for (const entry of input.entries) {
    if (entry.groupName === null) continue;
    const group = planned.get(entry.groupName);
    // The plan lists every group an entry goes into; one missing is a bug, found before anything is written.
    if (group === undefined) throw new Error(`The import plan has no group named ${JSON.stringify(entry.groupName)} (${entry.at})`);
    if (group.existingId === null) needed.add(group.name);
  }
  return [...needed].map((name) => planned.get(name)).filter((group) => group !== undefined);
}

function groupIdOf(entry: PlannedEntry, groupIds: ReadonlyMap<string, string>): string | null {
  if (entry.groupName === null) return null;
  const id = groupIds.get(entry.groupName);
  // groupsToCreate checked every name against the plan and each was found or created.
  if (id === undefined) throw new Error(`No group id for ${JSON.stringify(entry.groupName)}`);
  return id;
}

export async function runImport(input: ImportInput, writer: ImportWriter, options: RunImportOptions = {}): Promise<ImportOutcome> {
  const { signal, onProgress, batchSize = IMPORT_BATCH_SIZE } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, not ${batchSize}`);
  const total = input.entries.length;
  const groupIds = new Map(input.groups.flatMap((group) => (group.existingId === null ? [] : [[group.name, group.existingId] as const])));

  const groups = await inBatches(
    groupsToCreate(input),
    batchSize,
    async (group) => {
      groupIds.set(group.name, await writer.createGroup(group.name, group.listed?.description ?? ''));
    },
    () => undefined,
    signal,
  );
  if (groups.end === 'failed') throw new ImportInterruptedError(0, total, groups.cause, 'groups');
  if (groups.end === 'cancelled') return { written: 0, total, cancelled: true };

  const entries = await inBatches(
    input.entries,
    batchSize,
    (entry) => writer.createEntry(entry, groupIdOf(entry, groupIds)),
    (written) => onProgress?.({ written, total }),
    signal,
  );
  if (entries.end === 'failed') throw new ImportInterruptedError(entries.done, total, entries.cause);
  return { written: entries.done, total, cancelled: entries.end === 'cancelled' };
}
