import { nextTask } from '../../../ui/nextTask';
import type { PasswordEntry } from '../model';
import { healthTally, type EstimateStrength, type HealthReport } from './healthReport';

// Checking a vault's health (issue #23): every entry's details opened (a batch at a time, which
// the crypto layer runs side by side) and judged in slices of a few milliseconds, so a vault of
// thousands keeps the page responsive and shows its progress. Nothing leaves the browser.

/** Details opened at once: enough to keep WebCrypto busy, few enough to report progress often. */
const OPEN_BATCH = 200;
/** The main thread's turn per slice of judging; the page gets the next. */
const SLICE_MS = 12;

export interface HealthScanOptions {
  readonly estimate: EstimateStrength;
  readonly now: number;
  readonly onProgress?: (progress: { readonly done: number; readonly total: number }) => void;
  /** True once the screen went away: the scan stops between slices. */
  readonly stopped?: () => boolean;
  /** The clock for slicing; tests pass their own. */
  readonly clock?: () => number;
}

export class HealthScanStoppedError extends Error {
  override readonly name = 'HealthScanStoppedError';
}

/** When the entry's current password was set: its last replacement, else the entry's creation. */
export function passwordSetAt(entry: PasswordEntry): number {
  return entry.passwordHistory?.[0]?.replacedAt ?? entry.createdAt;
}

/**
 * The report over `entries` as listed, each opened with `open` (the vault session's withDetails or
 * the service's openDetails). An entry that does not open, or is undecryptable or damaged, is
 * counted as unreadable, not judged.
 */
export async function scanHealth(entries: readonly PasswordEntry[], open: (entry: PasswordEntry) => Promise<PasswordEntry>, options: HealthScanOptions): Promise<HealthReport> {
  const { estimate, now, onProgress, stopped = () => false, clock = () => performance.now() } = options;
  const tally = healthTally(estimate, now);
  const readable = entries.filter((entry) => !entry.undecryptable && entry.damaged === undefined);
  tally.unreadable(entries.length - readable.length);
  const total = readable.length;
  let done = 0;
  onProgress?.({ done, total });
  for (let start = 0; start < total; start += OPEN_BATCH) {
    const opened = await Promise.all(readable.slice(start, start + OPEN_BATCH).map((entry) => open(entry).catch(() => null)));
    let sliceStart = clock();
    for (const entry of opened) {
      if (entry === null || entry.undecryptable) {
        tally.unreadable(1);
      } else {
        tally.add({ id: entry.id, title: entry.title, username: entry.username, password: entry.password, passwordSetAt: passwordSetAt(entry) });
      }
      done += 1;
      if (clock() - sliceStart >= SLICE_MS) {
        onProgress?.({ done, total });
        await nextTask();
        if (stopped()) throw new HealthScanStoppedError();
        sliceStart = clock();
      }
    }
    onProgress?.({ done, total });
    if (stopped()) throw new HealthScanStoppedError();
  }
  return tally.report();
}
