// The import feature's public surface for src/app (issue #20). Only what the dashboard may carry:
// the dialogs behind lazy seams and the service types the app implements. Re-exporting a parser,
// a writer or ./ui from here would pull the import code into the dashboard's chunk (item 7).
export { LazyExportDialog, LazyImportDialog } from './TransferDialogs';
export type { ExportDialogProps, ImportDialogProps, TargetImportDialogProps } from './ui';
export type { ImportTarget } from './target';
export type { CollectProgress, ExportServices, ImportRunInput, ImportRunOptions, ImportServices } from './ui/services';
// The CSV writer (loaded on first use) and the download, for the activity log's export (issue #24).
export { loadCsvWriter, type CsvTextWriter } from './csvWriter';
export { downloadText } from './ui/download';
