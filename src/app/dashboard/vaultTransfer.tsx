import { useMemo } from 'react';
import type { StoredUserRecord } from '../../data/users/userRecord';
import { LazyExportDialog, LazyImportDialog } from '../../features/import';
import { masterPasswordOpens } from '../../features/settings';
import { collectVault, importTargetOf, type VaultTransfer } from '../../features/vault';
import { loadEntryStrength } from './entryStrength';

// Import and export on a vault's screen (issue #20): the vault feature knows its entries, the import
// feature its dialogs, the settings feature the master-password check; the dashboard joins them.
// The dialogs load their own chunk when first opened. The health report (issue #23) judges
// passwords with the auth feature's strength estimator, which loads zxcvbn on first use.

/** Export is offered once the account record is read (null before): it needs the check value and the iteration count. */
export function useVaultTransfer(record: StoredUserRecord | null): VaultTransfer {
  return useMemo(
    () => ({
      loadStrengthEstimator: loadEntryStrength,
      renderImport: (context) => (
        <LazyImportDialog open onClose={context.onClose} target={importTargetOf(context)} />
      ),
      ...(record === null
        ? {}
        : {
            renderExport: (context) => (
              <LazyExportDialog
                open
                onClose={context.onClose}
                services={{
                  verifyMasterPassword: (password) => masterPasswordOpens(record, password),
                  iterations: record.kdf.iterations,
                  collect: (onProgress) => collectVault(context, onProgress),
                }}
              />
            ),
          }),
    }),
    [record],
  );
}
