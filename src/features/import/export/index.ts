// The export files of issue #20, item 5 (docs/import.md "Export"). The export screen fills an
// ExportedVault from the opened vault and hands it to one writer; each returns the file's text.
export type { ExportedEntry, ExportedGroup, ExportedItemParts, ExportedVault } from './exportedVault';
export { exportKeyloftEncrypted, exportKeyloftJson } from './keyloftExport';
export type { KeyloftEncryptedOptions } from './keyloftExport';
export { CSV_EXPORT_COLUMNS, exportCsv } from './csvExport';
export type { CsvExport, CsvExportColumn, CsvLeftOut, EscapedCell } from './csvExport';
export { bitwardenExport, exportBitwardenJson } from './bitwardenExport';
export type { BitwardenExport, BitwardenExportOptions } from './bitwardenExport';
