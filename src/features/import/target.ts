// Where an import goes, as the app hands it to the import dialog (issue #20): the target's entries
// and groups as loaded now, and the writer that stores into it. Types only, so the dashboard can
// name them without carrying the import code (item 7).
import type { ImportTargetContents } from './plan/types';
import type { ImportWriter } from './run/types';

export interface ImportTarget {
  /** The target as it is now: read when a file is planned, so a second import sees the first. */
  contents(): ImportTargetContents;
  readonly writer: ImportWriter;
}
