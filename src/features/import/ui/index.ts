// The import and export dialogs, loaded on demand (issue #20, item 7): only ../TransferDialogs.tsx
// imports this module, with import(), so the parsers, the zip and XML libraries and the export
// writers are in a chunk of their own, never in the dashboard's or the landing page's.
export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export { TargetImportDialog, type TargetImportDialogProps } from './TargetImportDialog';
export { ExportDialog, type ExportDialogProps } from './ExportDialog';
