// Writing a confirmed plan (issue #20, item 4): runImport (./runImport.ts) creates the groups the
// plan needs, then the entries, in batches, reporting progress and stopping between batches when
// cancelled. A failure or a cancel leaves a partial import; planning the same file again against
// the target as it now is finds what was written as duplicates, so running it again imports only
// what is missing.
import type { PlannedEntry } from '../plan/types';

/** Where the import writes: the vault service of the personal vault or of one team. */
export interface ImportWriter {
  /** Creates a group of that name and description ('' for none); returns its id. */
  createGroup(name: string, description: string): Promise<string>;
  /** Creates one entry, sealed as every new entry is, in the group (null: none). */
  createEntry(entry: PlannedEntry, groupId: string | null): Promise<void>;
}

export interface ImportProgress {
  /** Entries written so far. */
  readonly written: number;
  /** Entries the run will write in all. */
  readonly total: number;
}

export interface ImportOutcome {
  readonly written: number;
  readonly total: number;
  /** True when the user cancelled: the entries written so far stay. */
  readonly cancelled: boolean;
}
