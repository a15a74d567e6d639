// The list of everything an import leaves out, to download from the preview (issue #20: nothing is
// dropped silently): the parser's skipped items, the plan's own and the duplicates, in file order,
// each with why. A CSV with the same quoting and formula protection as the CSV export.
import { csvText } from '../export/csvExport';
import { inFileOrder } from './fileOrder';
import type { ComparedField, DuplicateEntry, ImportPlan, NearDuplicateEntry } from './types';

export const SKIPPED_LIST_COLUMNS = ['where', 'title', 'reason'] as const;

/** What an import leaves out: the skipped items, and the duplicates and near-duplicates it does not write. */
export type NotImported = Pick<ImportPlan, 'skipped'> & { readonly duplicates: readonly (DuplicateEntry | NearDuplicateEntry)[] };

const FIELD_WORDS: Readonly<Record<ComparedField, string>> = { url: 'URL', password: 'password', notes: 'notes', otp: 'one-time code', group: 'group', fields: 'other fields' };

/** 'its password and notes differ': a near-duplicate's differences in words. */
export function differsWords(fields: readonly ComparedField[]): string {
  const words = fields.map((field) => FIELD_WORDS[field]);
  const list = words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${String(words.at(-1))}`;
  return `its ${list} ${words.length === 1 && fields[0] !== 'notes' && fields[0] !== 'fields' ? 'differs' : 'differ'}`;
}

function resembled(duplicate: DuplicateEntry): string {
  return duplicate.duplicateOf.in === 'target' ? `“${duplicate.duplicateOf.title}”, already there` : `${duplicate.duplicateOf.at} of this file`;
}

/** Why a duplicate, or a near-duplicate the user chose to skip, is left out, as the list says it. */
export function duplicateReason(duplicate: DuplicateEntry | NearDuplicateEntry): string {
  if ('differs' in duplicate) {
    return `Skipped as you chose: it has the title, site and username of ${resembled(duplicate)}, but ${differsWords(duplicate.differs)}.`;
  }
  return `A duplicate of ${resembled(duplicate)}: the same in every field.`;
}

export function skippedListCsv(notImported: NotImported): string {
  const rows = inFileOrder([
    ...notImported.skipped,
    ...notImported.duplicates.map((duplicate) => ({ at: duplicate.at, title: duplicate.title, reason: duplicateReason(duplicate) })),
  ]).map((item) => [item.at, item.title, item.reason]);
  return csvText(SKIPPED_LIST_COLUMNS, rows);
}
