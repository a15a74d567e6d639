// Reading a CSV export into rows of text, the same way for every CSV format. papaparse does the
// quoting; this module adds what an import needs on top: a clear error with the row number when the
// quoting is broken or a row has the wrong number of cells, and row numbers that match what a
// spreadsheet shows (the header is row 1, a blank line is a row too).
import Papa from 'papaparse';
import { ImportFileError } from '../../model';

export interface CsvRow {
  /** 'row 7', counting the header as row 1. */
  readonly at: string;
  /** One cell per header column, exactly as the file has it. */
  readonly cells: readonly string[];
}

export interface CsvTable {
  /** The header row as the file spells it (without a byte order mark). */
  readonly header: readonly string[];
  /** Every row that holds something; blank lines and rows of empty cells are not items. */
  readonly rows: readonly CsvRow[];
}

/** A cell that holds nothing but spaces is empty: an exporter writes '' or nothing at all there. */
export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** Header names are compared without case or surrounding spaces: exporters differ in both. */
export function normaliseColumn(name: string): string {
  return name.replace(/^\uFEFF/, '').trim().toLowerCase();
}

/** The file's bytes as text. Exporters write UTF-8; anything else would be garbled silently. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    // ignoreBOM false (the default) drops a leading byte order mark.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError('The file is not UTF-8 text. Save it as UTF-8 CSV and try again.');
  }
}

function parseRecords(text: string): string[][] {
  // Cells stay text: no dynamic typing, so '=HYPERLINK("x")', '007' or 'true' arrive as written.
  const result = Papa.parse<string[]>(text, {
    header: false,
    delimiter: ',',
    dynamicTyping: false,
    skipEmptyLines: false,
  });
  const quoteError = result.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    const row = quoteError.row === undefined ? '' : ` row ${String(quoteError.row + 1)}`;
    const what = quoteError.code === 'MissingQuotes' ? 'an unclosed quote' : 'a quote in the wrong place';
    throw new ImportFileError(`The file is not valid CSV:${row === '' ? ' it' : row} has ${what}.`);
  }
  return result.data;
}

/** The header cells of a file's first line, normalised: what `recognises` compares. */
export function headerOf(head: string): readonly string[] {
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';
  const parsed = Papa.parse<string[]>(firstLine, { header: false, delimiter: ',', dynamicTyping: false });
  return (parsed.data[0] ?? []).map(normaliseColumn);
}

/** Reads the whole file; throws ImportFileError when it is not well-formed CSV. */
export function readCsv(text: string): CsvTable {
  // Some LastPass exports end every line with CR CR LF (a CRLF written through a text-mode stream
  // again); read as written, each row would start with a stray line break.
  const records = parseRecords(text.replace(/^\uFEFF/, '').replace(/\r\r\n/g, '\r\n'));
  const first = records[0];
  if (first === undefined || first.every(isBlank)) {
    throw new ImportFileError('The file is empty: it has no header row.');
  }
  const header = first.map((name) => name.replace(/^\uFEFF/, ''));
  const rows: CsvRow[] = [];
  records.slice(1).forEach((cells, index) => {
    if (cells.every(isBlank)) return;
    const number = index + 2;
    if (cells.length !== header.length) {
      throw new ImportFileError(
        `The file is not valid CSV: row ${String(number)} has ${String(cells.length)} cells where the header row has ${String(header.length)}.`,
      );
    }
    rows.push({ at: `row ${String(number)}`, cells });
  });
  return { header, rows };
}
