// The plain CSV export, for other password managers and spreadsheets (docs/import.md "Export").
// One header row, then one row per entry, each ended by CRLF; RFC 4180 quoting by papaparse.
import Papa from 'papaparse';
import type { ExportedEntry, ExportedVault } from './exportedVault';

export const CSV_EXPORT_COLUMNS = ['folder', 'title', 'url', 'username', 'password', 'notes'] as const;
export type CsvExportColumn = (typeof CSV_EXPORT_COLUMNS)[number];

/**
 * A cell a spreadsheet program would run as a formula (OWASP, "CSV Injection"): one starting with a
 * tab or CR, or whose first character after any leading whitespace is = + - @ or the full-width
 * (＝ ＋ － ＠) or small (﹦ ﹢ ﹣ ﹫) form of one. Some programs trim leading spaces, no-break spaces
 * and line breaks before parsing, and some (Japanese-locale Excel, LibreOffice with autocorrect)
 * read the full-width forms as the ASCII ones, so those are formula disguises too. `\s` is
 * JavaScript's whitespace: space, tab, CR, LF, no-break spaces, the ideographic space, the BOM.
 * Not papaparse's own `escapeFormulae: true`: its expression ends in `.*$` without the `s` flag, so
 * a multi-line cell such as "=HYPERLINK(...)\nmore" would not match and would be written as it is.
 */
const FORMULA = String.raw`(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])`;
export const FORMULA_START = new RegExp(`^${FORMULA}`);

/**
 * What csvText writes after a ': a formula (FORMULA_START), and also a value that already starts
 * with quotes before one (`'=x`, `''+1`). Escaping those too makes the escape reversible: a cell of
 * Keyloft's CSV that starts with ' and is followed by what this matches lost exactly that one '
 * (unescapeCsvCell; issue #44, the import of Keyloft's own CSV), and no other cell did.
 */
export const ESCAPED_START = new RegExp(`^'*${FORMULA}`);

/** A cell of a CSV csvText wrote, as the value it escaped: one leading ' dropped where csvText added it. */
export function unescapeCsvCell(cell: string): string {
  return cell.startsWith("'") && ESCAPED_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A value written with a leading ' so that a spreadsheet shows it as text: in the file it differs from the vault. */
export interface EscapedCell {
  /** 1-based, counting entries only (the header row is not an entry). */
  readonly entry: number;
  readonly title: string;
  readonly column: CsvExportColumn;
}

/**
 * What a CSV has no column for (issue #44), counted so the export screen can say it: items that are
 * not logins (a row has no place for their fields), and of the logins their web addresses after the
 * first, custom fields, earlier passwords and one-time codes.
 */
export interface CsvLeftOut {
  readonly notLogins: number;
  readonly furtherUrls: number;
  readonly customFields: number;
  readonly earlierPasswords: number;
  readonly oneTimeCodes: number;
}

export interface CsvExport {
  readonly text: string;
  /** Listed so the export screen can say which values another manager will import with a leading '. */
  readonly escaped: readonly EscapedCell[];
  readonly leftOut: CsvLeftOut;
}

/** A CSV is for logins: one row per login, its first URL in the url column. */
const isLogin = (entry: ExportedEntry): boolean => entry.item === undefined || entry.item.kind === 'login';

export function exportCsv(vault: ExportedVault): CsvExport {
  const escaped: EscapedCell[] = [];
  const logins = vault.entries.filter(isLogin);
  const rows = logins.map((entry, index) => {
    const cells = rowOf(entry);
    CSV_EXPORT_COLUMNS.forEach((column, at) => {
      if (ESCAPED_START.test(cells[at] ?? '')) escaped.push({ entry: index + 1, title: entry.title, column });
    });
    return cells;
  });
  return { text: csvText(CSV_EXPORT_COLUMNS, rows), escaped, leftOut: leftOutOf(logins, vault.entries.length - logins.length) };
}

function leftOutOf(logins: readonly ExportedEntry[], notLogins: number): CsvLeftOut {
  let furtherUrls = 0;
  let customFields = 0;
  let earlierPasswords = 0;
  let oneTimeCodes = 0;
  for (const entry of logins) {
    furtherUrls += Math.max(0, (entry.item?.urls.length ?? 0) - 1);
    customFields += entry.item?.customFields.length ?? 0;
    earlierPasswords += entry.passwordHistory?.length ?? 0;
    if ((entry.otp ?? '') !== '') oneTimeCodes += 1;
  }
  return { notLogins, furtherUrls, customFields, earlierPasswords, oneTimeCodes };
}

/**
 * A header row and the rows, each ended by CRLF, RFC 4180 quoting, formula-looking cells written
 * after a ' (ESCAPED_START): also the import's downloadable list of skipped items (../plan/skippedList.ts).
 */
export function csvText(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  const text = Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { escapeFormulae: ESCAPED_START, newline: '\r\n', quotes: false, header: true },
  );
  // Every row ends in CRLF, the last too (RFC 4180 allows it; papaparse ends only an empty export so).
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

function rowOf(entry: ExportedEntry): string[] {
  return [entry.group ?? '', entry.title, entry.url ?? '', entry.username, entry.password, entry.notes ?? ''];
}
