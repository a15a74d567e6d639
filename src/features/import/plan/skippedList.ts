// The list of everything an import leaves out, to download from the preview (issue #20: nothing is
// dropped silently): the parser's skipped items, the plan's own and the duplicates, in file order,
// each with why. A CSV with the same quoting and formula protection as the CSV export.
import { csvText } from '../export/csvExport';
import { inFileOrder } from './fileOrder';
import type { DuplicateEntry, ImportPlan } from './types';

export const SKIPPED_LIST_COLUMNS = ['where', 'title', 'reason'] as const;

/** Why a duplicate is left out, as the list says it. */
export function duplicateReason(duplicate: DuplicateEntry): string {
  return duplicate.duplicateOf.in === 'target'
    ? `Looks like a duplicate of “${duplicate.duplicateOf.title}”, already there (same site, username and password).`
    : `Looks like a duplicate of ${duplicate.duplicateOf.at} of this file (same site, username and password).`;
}

export function skippedListCsv(plan: ImportPlan): string {
  const rows = inFileOrder([
    ...plan.skipped,
    ...plan.duplicates.map((duplicate) => ({ at: duplicate.at, title: duplicate.title, reason: duplicateReason(duplicate) })),
  ]).map((item) => [item.at, item.title, item.reason]);
  return csvText(SKIPPED_LIST_COLUMNS, rows);
}
