import { nextTask } from '../../../ui/nextTask';
import type { PasswordEntry } from '../model';
import { entryWords, healthTally, type CheckedEntry, type EstimateStrength, type HealthReport } from './healthReport';

// Checking a vault's health (issues #23, #42). An entry sealed with its health record (strength,
// fingerprint, when the password was set; docs/crypto.md "Health records") is judged from its
// overview, which the list has opened already: no decryption, no estimate. Those come first, so
// the report shows findings at once. The rest (saved before the record existed, by a tab that
// does not write it, format 1, or sealed under another team key version during a rotation) have
// their details opened (a batch at a time, which the crypto layer runs side by side) and are
// judged in slices of a few milliseconds, so the page stays responsive and shows its progress.
// Nothing leaves the browser.

/** Details opened at once: enough to keep WebCrypto busy, few enough to report progress often. */
const OPEN_BATCH = 200;
/** The main thread's turn per slice of judging; the page gets the next. */
const SLICE_MS = 12;
/** How often the findings so far are handed over while the scan goes on: each costs a sort and a render. */
const FINDINGS_EVERY_MS = 500;

/** What the report compares fingerprints under: the vault's key, or the team key of the current version. */
export interface HealthScope {
  /** The password's fingerprint under that key (passwordFingerprint). */
  readonly fingerprint: (password: string) => Promise<string>;
  /** The key version a record's fingerprint must be sealed at to compare: null for a personal vault. */
  readonly keyVersion: number | null;
}

export interface HealthProgress {
  readonly done: number;
  readonly total: number;
  /** The findings so far, handed over now and then (and always at the end). */
  readonly findings?: HealthReport;
}

export interface HealthScanOptions {
  /** Loaded only when some entry has no record to read its strength from. */
  readonly loadEstimate: () => Promise<EstimateStrength>;
  readonly scope: HealthScope;
  readonly now: number;
  readonly onProgress?: (progress: HealthProgress) => void;
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

/** Whether the entry's sealed record can be read as it is: its details unopened, sealed at the scope's key version. */
export function hasUsableRecord(entry: PasswordEntry, scope: HealthScope): boolean {
  return entry.health !== undefined && entry.sealedDetails !== undefined && entry.sealedDetails.keyVersion === scope.keyVersion;
}

const fromRecord = (entry: PasswordEntry): CheckedEntry | null =>
  entry.health === undefined
    ? null
    : { id: entry.id, title: entry.title, username: entry.username, strength: entry.health.strength, fingerprint: entry.health.fingerprint, passwordSetAt: entry.health.passwordSetAt };

/**
 * The report over `entries` as listed: from their records where they have one, else each opened
 * with `open` (the service's openDetails) and judged here. An entry that does not open, or is
 * undecryptable or damaged, is counted as unreadable, not judged.
 */
export async function scanHealth(entries: readonly PasswordEntry[], open: (entry: PasswordEntry) => Promise<PasswordEntry>, options: HealthScanOptions): Promise<HealthReport> {
  const { now, onProgress, stopped = () => false, clock = () => performance.now() } = options;
  const tally = healthTally(now);
  // Password health covers logins (issue #44): an item of another kind has no password to judge.
  const logins = entries.filter((entry) => entry.item === undefined || entry.item.kind === 'login');
  const readable = logins.filter((entry) => !entry.undecryptable && entry.damaged === undefined);
  tally.unreadable(logins.length - readable.length);
  const recorded = readable.filter((entry) => hasUsableRecord(entry, options.scope));
  const pending = readable.filter((entry) => !hasUsableRecord(entry, options.scope));
  const total = readable.length;
  let done = 0;
  let handedAt = clock();
  const progress = (final = false) => {
    const due = final || clock() - handedAt >= FINDINGS_EVERY_MS;
    if (due) handedAt = clock();
    onProgress?.(due ? { done, total, findings: tally.report() } : { done, total });
  };
  onProgress?.({ done, total });

  // The records: a few microseconds each, so a vault of thousands is one slice or two.
  await judgeInSlices(recorded, (entry) => {
    const checked = fromRecord(entry);
    if (checked !== null) tally.add(checked);
    done += 1;
  });
  progress(true);

  let estimate: EstimateStrength | null = null;
  for (let start = 0; start < pending.length; start += OPEN_BATCH) {
    const batch = pending.slice(start, start + OPEN_BATCH);
    if (estimate === null && batch.some((entry) => entry.health === undefined)) estimate = await options.loadEstimate();
    const judged = await Promise.all(batch.map((entry) => judgeOpened(entry, open, options.scope).catch(() => null)));
    // One estimate at a time: from the worker each is a wait, not work here; where the estimator
    // runs on this thread (no workers), the slices keep the page answering.
    await judgeInSlices(judged, async (item) => {
      if (item === null) tally.unreadable(1);
      else tally.add(item.checked ?? (await estimated(item.opened, item.fingerprint, estimate)));
      done += 1;
    });
    progress(start + OPEN_BATCH >= pending.length);
  }
  return tally.report();

  async function judgeInSlices<T>(items: readonly T[], judge: (item: T) => void | Promise<void>): Promise<void> {
    let sliceStart = clock();
    for (const item of items) {
      const judging = judge(item);
      if (judging !== undefined) await judging;
      if (clock() - sliceStart >= SLICE_MS) {
        progress();
        await nextTask();
        if (stopped()) throw new HealthScanStoppedError();
        sliceStart = clock();
      }
    }
    if (stopped()) throw new HealthScanStoppedError();
  }

  async function estimated(opened: PasswordEntry, fingerprint: string | null, estimateWith: EstimateStrength | null): Promise<CheckedEntry> {
    const strength = opened.password === '' || estimateWith === null ? null : await estimateWith(opened.password, entryWords(opened.title, opened.username));
    return { id: opened.id, title: opened.title, username: opened.username, strength, fingerprint, passwordSetAt: passwordSetAt(opened) };
  }
}

interface OpenedItem {
  readonly opened: PasswordEntry;
  readonly fingerprint: string | null;
  /** Set when the entry's record gives its strength: only the fingerprint was taken again. */
  readonly checked?: CheckedEntry;
}

/**
 * An entry without a usable record, opened: its fingerprint taken under the scope's key (a record
 * sealed under another key version keeps its strength, whose words have not changed).
 */
async function judgeOpened(entry: PasswordEntry, open: (entry: PasswordEntry) => Promise<PasswordEntry>, scope: HealthScope): Promise<OpenedItem | null> {
  const opened = await open(entry);
  if (opened.undecryptable) return null;
  const fingerprint = opened.password === '' ? null : await scope.fingerprint(opened.password);
  const record = fromRecord(opened);
  return record === null || fingerprint === null ? { opened, fingerprint } : { opened, fingerprint, checked: { ...record, fingerprint } };
}
