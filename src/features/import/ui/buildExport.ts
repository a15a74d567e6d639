// The export file for the format the user chose (issue #20, item 5), built from the collected
// vault by the writers in ../export, with the name it is saved under.
import { exportBitwardenJson, exportCsv, exportKeyloftEncrypted, exportKeyloftJson, type CsvLeftOut, type ExportedVault } from '../export';

export type ExportChoice = 'keyloft-encrypted' | 'keyloft-json' | 'csv' | 'bitwarden-json';

export interface BuiltExport {
  readonly fileName: string;
  readonly text: string;
  readonly type: string;
  /** CSV only: how many values were written with a leading ' so that spreadsheets do not run them. */
  readonly escaped: number;
  /** CSV only: what the file has no column for, counted (issue #44); null for the JSON formats, which keep everything. */
  readonly leftOut: CsvLeftOut | null;
}

export interface BuildOptions {
  /** The file's own password (encrypted only). */
  readonly filePassword: string;
  /** The account's PBKDF2 iteration count (encrypted only). */
  readonly iterations: number;
  readonly now: Date;
}

const JSON_TYPE = 'application/json';

/** keyloft-export-2026-11-26.json: the user's own calendar day, as the file list shows it. */
export function exportFileName(now: Date, extension: 'json' | 'csv'): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `keyloft-export-${day}.${extension}`;
}

export async function buildExport(vault: ExportedVault, choice: ExportChoice, options: BuildOptions): Promise<BuiltExport> {
  switch (choice) {
    case 'keyloft-encrypted': {
      const text = await exportKeyloftEncrypted(vault, {
        password: options.filePassword,
        iterations: options.iterations,
        now: options.now,
      });
      return { fileName: exportFileName(options.now, 'json'), text, type: JSON_TYPE, escaped: 0, leftOut: null };
    }
    case 'keyloft-json':
      return { fileName: exportFileName(options.now, 'json'), text: exportKeyloftJson(vault, { now: options.now }), type: JSON_TYPE, escaped: 0, leftOut: null };
    case 'csv': {
      const { text, escaped, leftOut } = exportCsv(vault);
      return { fileName: exportFileName(options.now, 'csv'), text, type: 'text/csv;charset=utf-8', escaped: escaped.length, leftOut };
    }
    case 'bitwarden-json':
      return { fileName: exportFileName(options.now, 'json'), text: exportBitwardenJson(vault), type: JSON_TYPE, escaped: 0, leftOut: null };
  }
}
