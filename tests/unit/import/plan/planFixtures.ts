// Items and target entries for the plan tests, with a counter on every details() the plan asks for.
import type { ImportItem, ParsedImport } from '../../../../src/features/import/model';
import type { ExistingDetails, ExistingEntry, ExistingGroup, ImportTargetContents } from '../../../../src/features/import/plan/types';

let counter = 0;

/** A login item numbered 'item N' in creation order, with every field empty unless given. */
export function item(fields: Partial<ImportItem> = {}): ImportItem {
  counter += 1;
  return { at: `item ${String(counter)}`, kind: 'login', title: '', url: '', username: '', password: '', notes: '', extras: [], folder: [], ...fields };
}

export function parsedOf(items: readonly ImportItem[], skipped: ParsedImport['skipped'] = []): ParsedImport {
  return { format: 'bitwarden-json', items, skipped };
}

export interface CountingTarget extends ImportTargetContents {
  /** The ids of the entries whose details() were called, once per call. */
  readonly opened: string[];
}

type ExistingFields = Omit<Partial<ExistingEntry>, 'details'> & Partial<ExistingDetails>;

export function target(entries: readonly ExistingFields[] = [], groups: readonly ExistingGroup[] = []): CountingTarget {
  const opened: string[] = [];
  return {
    opened,
    groups,
    entries: entries.map((fields, at) => {
      const id = fields.id ?? `e${String(at + 1)}`;
      return {
        id,
        title: fields.title ?? `Entry ${String(at + 1)}`,
        url: fields.url ?? null,
        username: fields.username ?? '',
        groupId: fields.groupId ?? null,
        details: () => {
          opened.push(id);
          return Promise.resolve({ password: fields.password ?? '', notes: fields.notes ?? null, otp: fields.otp ?? null });
        },
      };
    }),
  };
}
