// The plan step's public face for the import screen and the run (issue #20).
export { planImport } from './planImport';
export { duplicateReason, skippedListCsv, SKIPPED_LIST_COLUMNS } from './skippedList';
export type * from './types';
