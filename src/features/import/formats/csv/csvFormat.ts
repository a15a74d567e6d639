// Turns one exporter's column layout into an ImportFormat. Every CSV format shares the same steps
// (read the file, find its columns, refuse a file without them, hand each row to the format,
// keep any column nobody knows as a labelled extra); a format file only says which columns its
// exporter writes and what a row means.
import type { ImportFormat, ImportFormatId, ImportItem, LabelledValue, ParseOptions, ParsedImport, SkippedItem } from '../../model';
import { ImportFileError } from '../../model';
import { itemCounter } from '../values';
import { type CsvRow, decodeUtf8, headerOf, isBlank, normaliseColumn, readCsv } from './readCsv';

export interface ColumnSpec {
  /** The column's name as the exporter writes it first, then the variants other versions write. */
  readonly names: readonly string[];
  /** A file without this column is not this format. */
  readonly required?: boolean;
}

/** One row, read through the format's column names. */
export interface CsvRecord<K extends string> {
  readonly at: string;
  /** The cell under column `key`, exactly as the file has it; '' when the file has no such column. */
  readonly get: (key: K) => string;
}

export type RowOutcome = { readonly item: ImportItem } | { readonly skipped: SkippedItem };

export interface CsvFormatSpec<K extends string> {
  readonly id: ImportFormatId;
  readonly label: string;
  readonly columns: Readonly<Record<K, ColumnSpec>>;
  /** Columns the exporter writes for its own bookkeeping (ids, timestamps, icon numbers): not imported. */
  readonly ignored?: readonly string[];
  /** Columns whose presence means another exporter wrote the file (detection only). */
  readonly notWith?: readonly string[];
  /** Detection only: the header holds no column beyond `columns` (for layouts others extend). */
  readonly onlyItsColumns?: boolean;
  /**
   * Detection only: the columns that tell this exporter's layout from others' (Safari's OTPAuth).
   * A header with none of them, as an older version of the exporter writes, is recognised only
   * when it holds nothing beyond `columns`: its other columns are ones many layouts share.
   */
  readonly distinctive?: readonly NoInfer<K>[];
  readonly toItem: (row: CsvRecord<K>) => RowOutcome;
}

const EXTENSIONS = /\.(csv|txt)$/i;

function columnIndexes<K extends string>(spec: CsvFormatSpec<K>, header: readonly string[]): Map<K, number> {
  const normalised = header.map(normaliseColumn);
  const found = new Map<K, number>();
  for (const key of Object.keys(spec.columns) as K[]) {
    for (const name of spec.columns[key].names) {
      const index = normalised.indexOf(normaliseColumn(name));
      if (index !== -1) {
        found.set(key, index);
        break;
      }
    }
  }
  return found;
}

function missingColumns<K extends string>(spec: CsvFormatSpec<K>, found: ReadonlyMap<K, number>): string[] {
  return (Object.keys(spec.columns) as K[])
    .filter((key) => spec.columns[key].required === true && !found.has(key))
    .map((key) => spec.columns[key].names[0] ?? key);
}

function recognisesHeader<K extends string>(spec: CsvFormatSpec<K>, header: readonly string[]): boolean {
  if (header.length === 0) return false;
  const found = columnIndexes(spec, header);
  if (missingColumns(spec, found).length > 0) return false;
  if ((spec.notWith ?? []).some((name) => header.includes(normaliseColumn(name)))) return false;
  const lacksDistinctive = spec.distinctive !== undefined && !spec.distinctive.some((key) => found.has(key));
  if (spec.onlyItsColumns === true || lacksDistinctive) {
    const known = new Set([...found.values()]);
    return header.every((_, index) => known.has(index));
  }
  return true;
}

/** Cells under columns the format does not know, labelled with their header: nothing is lost. */
function unknownCells(header: readonly string[], claimed: ReadonlySet<number>, row: CsvRow): LabelledValue[] {
  const extras: LabelledValue[] = [];
  row.cells.forEach((value, index) => {
    if (claimed.has(index) || isBlank(value)) return;
    const label = header[index]?.trim() ?? '';
    extras.push({ label: label === '' ? `Column ${String(index + 1)}` : label, value });
  });
  return extras;
}

export function defineCsvFormat<K extends string>(spec: CsvFormatSpec<K>): ImportFormat {
  return {
    id: spec.id,
    label: spec.label,
    recognises: ({ name, head }) => EXTENSIONS.test(name) && recognisesHeader(spec, headerOf(head)),
    parse: (file, options) => {
      // Parsing is synchronous; the format interface is async for the zip and encrypted formats.
      try {
        return Promise.resolve(parseTable(spec, decodeUtf8(file.bytes), options));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

function parseTable<K extends string>(spec: CsvFormatSpec<K>, text: string, options: ParseOptions | undefined): ParsedImport {
  const table = readCsv(text);
  const found = columnIndexes(spec, table.header);
  const missing = missingColumns(spec, found);
  if (missing.length > 0) {
    const list = missing.join(', ');
    throw new ImportFileError(
      `This file is not a ${spec.label} export: its header row has no ${missing.length === 1 ? 'column' : 'columns'} ${list}.`,
    );
  }
  const ignored = new Set((spec.ignored ?? []).map(normaliseColumn));
  const claimed = new Set([
    ...found.values(),
    ...table.header.flatMap((name, index) => (ignored.has(normaliseColumn(name)) ? [index] : [])),
  ]);
  const items: ImportItem[] = [];
  const skipped: SkippedItem[] = [];
  const counted = itemCounter(options, table.rows.length);
  for (const row of table.rows) {
    counted();
    const get = (key: K): string => {
      const index = found.get(key);
      return index === undefined ? '' : (row.cells[index] ?? '');
    };
    const outcome = spec.toItem({ at: row.at, get });
    if ('skipped' in outcome) {
      skipped.push(outcome.skipped);
      continue;
    }
    const rest = unknownCells(table.header, claimed, row);
    items.push(rest.length === 0 ? outcome.item : { ...outcome.item, extras: [...outcome.item.extras, ...rest] });
  }
  return { format: spec.id, items, skipped };
}
