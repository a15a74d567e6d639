// Reading values out of parsed JSON or XML the parser cannot trust: an export may be hand-edited,
// cut short or from a newer exporter version, and a wrong shape must become a skipped item or an
// ImportFileError, never a TypeError.
import type { ImportItem, ImportItemKind, LabelledValue, ParseOptions } from '../model';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The array, or [] when the file has something else (or nothing) there. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string as the file has it; numbers and booleans as written; '' for null, objects and absence. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return '';
}

/** Collects an item's extras in file order, leaving out empty values (there is nothing to keep). */
export class Extras {
  readonly list: LabelledValue[] = [];

  add(label: string, value: string, field?: string): void {
    if (value !== '') this.list.push(field === undefined ? { label, value } : { label, value, field });
  }

  /** Extra urls are numbered from 2: the first is the entry's own url. */
  addUrls(urls: readonly string[]): void {
    urls.forEach((url, index) => {
      this.add(urlLabel(index + 2), url);
    });
  }
}

/** The labels every format gives the same extras (docs/import.md, "Formats"). */
export const TOTP_LABEL = 'One-time password (TOTP)';
export const urlLabel = (n: number): string => `URL ${String(n)}`;

/** An item with every field the format did not give set to its empty value. */
export function importItem(at: string, kind: ImportItemKind, fields: Partial<Omit<ImportItem, 'at' | 'kind'>>): ImportItem {
  return {
    at,
    kind,
    title: fields.title ?? '',
    url: fields.url ?? '',
    username: fields.username ?? '',
    password: fields.password ?? '',
    notes: fields.notes ?? '',
    extras: fields.extras ?? [],
    folder: fields.folder ?? [],
    ...(fields.urls === undefined ? {} : { urls: fields.urls }),
    ...(fields.favourite === true ? { favourite: true } : {}),
    ...(fields.passwordHistory === undefined || fields.passwordHistory.length === 0 ? {} : { passwordHistory: fields.passwordHistory }),
    ...(fields.notCarried === undefined || fields.notCarried.length === 0 ? {} : { notCarried: fields.notCarried }),
  };
}

/** A time as epoch milliseconds, or null when the file's value is no time (missing, malformed, out of range). */
export function epochMillis(milliseconds: number): number | null {
  return Number.isFinite(milliseconds) && Math.abs(milliseconds) <= 8.64e15 ? milliseconds : null;
}

/** A synchronous parser as ImportFormat.parse: what it throws arrives as the promise's rejection. */
export function settled<A extends unknown[], T>(parse: (...args: A) => T): (...args: A) => Promise<T> {
  return (...args) =>
    new Promise((resolve) => {
      resolve(parse(...args));
    });
}

/** Counts the items a parser reads for ParseOptions.onProgress: call the result once per item (skipped ones too). */
export function itemCounter(options: ParseOptions | undefined, total: number): () => void {
  const onProgress = options?.onProgress;
  if (onProgress === undefined) return () => undefined;
  let read = 0;
  onProgress({ read, total });
  return () => {
    read = Math.min(read + 1, total);
    onProgress({ read, total });
  };
}
