// The health report's findings (issue #23), decided in the browser: weak (the strength estimator
// the master-password field uses: "Very weak" or "Weak"), reused (the same password in two or more
// entries this report covers, compared by its fingerprint: an HMAC under the vault's or team's key,
// sealed with the entry, never sent anywhere in clear) and old (not changed for more than a year).
// Pure: each entry arrives judged (scanHealth.ts: from its sealed health record, else from its
// opened details), and nothing of the report is stored.

/** zxcvbn's score, 0 (very weak) to 4 (strong), as the master-password meter shows it. */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/**
 * Scores a password, the entry's own words (title, username) counting as guessable. Asynchronous:
 * the app's estimator answers from a worker (src/features/auth/offThreadStrength.ts).
 */
export type EstimateStrength = (password: string, userInputs: readonly string[]) => Promise<StrengthScore>;

/** The words of an entry the estimator counts as guessable in its password. */
export function entryWords(title: string, username: string): string[] {
  return [title, username].filter((word) => word !== '');
}

/** The meter's two lowest labels ("Very weak", "Weak"): below its `low` of 2 (src/features/auth/StrengthMeter.tsx). */
export const WEAK_BELOW: StrengthScore = 2;

/** A password not changed for longer than this is old. */
export const OLD_AFTER_MS = 365 * 24 * 60 * 60 * 1000;

/** One entry as the report judges it: its password's strength and fingerprint, never the password. */
export interface CheckedEntry {
  readonly id: string;
  readonly title: string;
  readonly username: string;
  /** null: the entry has no password (a note, an imported card), so nothing to judge. */
  readonly strength: StrengthScore | null;
  /** Equal for equal passwords of this vault (passwordFingerprint); null without a password. */
  readonly fingerprint: string | null;
  /** When the current password was set: its last replacement in the history, else the entry's creation. */
  readonly passwordSetAt: number;
}

export interface EntryRef {
  readonly id: string;
  readonly title: string;
  readonly username: string;
}

export interface WeakFinding extends EntryRef {
  readonly score: StrengthScore;
}

export interface OldFinding extends EntryRef {
  readonly passwordSetAt: number;
}

/** Two or more entries with one password; the password itself is not part of the report. */
export interface ReusedGroup {
  readonly entries: readonly EntryRef[];
}

export interface HealthReport {
  /** Entries checked (their passwords opened). */
  readonly checked: number;
  /** Entries that could not be opened, so were not checked. */
  readonly unreadable: number;
  readonly weak: readonly WeakFinding[];
  readonly reused: readonly ReusedGroup[];
  readonly old: readonly OldFinding[];
}

/** Grows a report entry by entry, so a large vault is checked in slices while the page stays responsive. */
export interface HealthTally {
  add(entry: CheckedEntry): void;
  unreadable(count: number): void;
  report(): HealthReport;
}

const ref = ({ id, title, username }: CheckedEntry): EntryRef => ({ id, title, username });
const byTitle = (a: EntryRef, b: EntryRef) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id);

const firstTitle = (group: ReusedGroup): string => group.entries[0]?.title ?? '';

export function healthTally(now: number): HealthTally {
  const weak: WeakFinding[] = [];
  const old: OldFinding[] = [];
  const byFingerprint = new Map<string, EntryRef[]>();
  let checked = 0;
  let unreadable = 0;
  return {
    add(entry) {
      checked += 1;
      // An entry without a password (a note, an imported card) has nothing to judge.
      if (entry.strength === null || entry.fingerprint === null) return;
      if (entry.strength < WEAK_BELOW) weak.push({ ...ref(entry), score: entry.strength });
      if (now - entry.passwordSetAt > OLD_AFTER_MS) old.push({ ...ref(entry), passwordSetAt: entry.passwordSetAt });
      const same = byFingerprint.get(entry.fingerprint);
      if (same === undefined) byFingerprint.set(entry.fingerprint, [ref(entry)]);
      else same.push(ref(entry));
    },
    unreadable(count) {
      unreadable += count;
    },
    report() {
      const reused = [...byFingerprint.values()]
        .filter((entries) => entries.length > 1)
        .map((entries) => ({ entries: [...entries].sort(byTitle) }))
        .sort((a, b) => b.entries.length - a.entries.length || firstTitle(a).localeCompare(firstTitle(b)));
      return {
        checked,
        unreadable,
        weak: [...weak].sort((a, b) => a.score - b.score || byTitle(a, b)),
        reused,
        old: [...old].sort((a, b) => a.passwordSetAt - b.passwordSetAt || byTitle(a, b)),
      };
    },
  };
}

/** The entries the reuse finding names, counted once each. */
export function reusedEntryCount(report: HealthReport): number {
  return report.reused.reduce((sum, group) => sum + group.entries.length, 0);
}
