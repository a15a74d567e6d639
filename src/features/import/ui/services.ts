// What the import and export dialogs need from outside the import feature (issue #20, items 1, 2, 4
// and 5). The app builds these from the open vault (personal or one team's); component tests pass
// fakes, so the dialogs know nothing of repositories, keys or the vault feature.
import type { ExportedVault } from '../export';
import type { ParsedImport } from '../model';
import type { NotImported } from '../plan/skippedList';
import type { ImportPlan, PlannedEntry, PlannedGroup } from '../plan/types';
import type { ImportOutcome, ImportProgress } from '../run/types';

export interface ImportRunInput {
  readonly entries: readonly PlannedEntry[];
  readonly groups: readonly PlannedGroup[];
}

export interface ImportRunOptions {
  /** Aborted by Stop: the run ends between batches and resolves with `cancelled: true`. */
  readonly signal: AbortSignal;
  readonly onProgress: (progress: ImportProgress) => void;
}

export interface ImportServices {
  /** planImport against the target's entries and groups as they are now. Nothing is written. */
  plan(parsed: ParsedImport): Promise<ImportPlan>;
  /** Writes what the user confirmed; rejects with an error whose message is a sentence for the user. */
  run(input: ImportRunInput, options: ImportRunOptions): Promise<ImportOutcome>;
  /** The CSV of every item the import leaves out (skipped items, duplicates and skipped near-duplicates), with reasons. */
  skippedListCsv(notImported: NotImported): string;
}

export interface CollectProgress {
  /** Entries whose details are open so far. */
  readonly done: number;
  readonly total: number;
}

export interface ExportServices {
  /** True when `password` is the account's master password (it opens the stored check value). */
  verifyMasterPassword(password: string): Promise<boolean>;
  /** The account's PBKDF2 iteration count, which the encrypted file uses too. */
  readonly iterations: number;
  /**
   * Opens every entry's details and returns the whole vault or team as plain data, with how many
   * entries could not be decrypted and so are not in it (nobody can read them).
   */
  collect(onProgress: (progress: CollectProgress) => void): Promise<ExportedVault & { readonly unreadable?: number }>;
}
