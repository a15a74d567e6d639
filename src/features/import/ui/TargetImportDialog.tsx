import { useMemo } from 'react';
import type { ImportTarget } from '../target';
import { ImportDialog, type ImportDialogProps } from './ImportDialog';
import { importServicesFor } from './targetServices';

export type TargetImportDialogProps = Omit<ImportDialogProps, 'services'> & { readonly target: ImportTarget };

/** The import dialog into a vault or team: what the dashboard opens (tests inject services into ImportDialog). */
export function TargetImportDialog({ target, ...props }: TargetImportDialogProps) {
  const services = useMemo(() => importServicesFor(target), [target]);
  return <ImportDialog {...props} services={services} />;
}
