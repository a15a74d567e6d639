// The import and export dialogs as the dashboard renders them: each loads its chunk (./ui) the
// first time it opens, so closed dialogs cost the dashboard's download nothing but this file.
import { lazy, Suspense } from 'react';
import { Dialog } from '../../ui/Dialog';
import type { ExportDialogProps, TargetImportDialogProps } from './ui';

const ImportDialog = lazy(() => import('./ui').then((module) => ({ default: module.TargetImportDialog })));
const ExportDialog = lazy(() => import('./ui').then((module) => ({ default: module.ExportDialog })));

function Loading({ title, onClose }: { readonly title: string; readonly onClose: () => void }) {
  return (
    <Dialog open title={title} onClose={onClose}>
      <p role="status">Loading…</p>
    </Dialog>
  );
}

export function LazyImportDialog(props: TargetImportDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={<Loading title="Import Passwords" onClose={props.onClose} />}>
      <ImportDialog {...props} />
    </Suspense>
  );
}

export function LazyExportDialog(props: ExportDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={<Loading title="Export Passwords" onClose={props.onClose} />}>
      <ExportDialog {...props} />
    </Suspense>
  );
}
