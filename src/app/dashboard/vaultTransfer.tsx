import { useMemo, type ReactNode } from 'react';
import { PBKDF2_ITERATIONS } from '../../crypto/parameters';
import type { StoredUserRecord } from '../../data/users/userRecord';
import { LazyExportDialog, LazyImportDialog } from '../../features/import';
import { masterPasswordOpens } from '../../features/settings';
import { collectVault, importTargetOf, type LoadedVault, type VaultTransfer } from '../../features/vault';
import { loadEntryStrength } from './entryStrength';

// Import and export on a vault's screen (issue #20) and from the sidebar's tools (issue #43 item 3):
// the vault feature knows its entries, the import feature its dialogs, the settings feature the
// master-password check; the dashboard joins them. The dialogs load their own chunk when first
// opened. The health report (issue #23) judges passwords with the auth feature's strength
// estimator, which loads zxcvbn on first use.

/** The import dialog, open, writing into `loaded`'s vault. */
export function importDialog(loaded: LoadedVault, onClose: () => void): ReactNode {
  return <LazyImportDialog open onClose={onClose} target={importTargetOf(loaded)} />;
}

/** The export dialog, open, reading `loaded`'s vault; it asks for the master password `record` checks. */
export function exportDialog(record: StoredUserRecord, loaded: LoadedVault, onClose: () => void): ReactNode {
  return (
    <LazyExportDialog
      open
      onClose={onClose}
      services={{
        verifyMasterPassword: (password) => masterPasswordOpens(record, password),
        // An export file is always PBKDF2 (docs/import.md); an account on Argon2id gives it the current count.
        iterations: record.kdf.algorithm === 'PBKDF2-SHA256' ? record.kdf.iterations : PBKDF2_ITERATIONS,
        collect: (onProgress) => collectVault(loaded, onProgress),
      }}
    />
  );
}

/** Export is offered once the account record is read (null before): it needs the check value and the iteration count. */
export function useVaultTransfer(record: StoredUserRecord | null): VaultTransfer {
  return useMemo(
    () => ({
      loadStrengthEstimator: loadEntryStrength,
      renderImport: (context) => importDialog(context, context.onClose),
      ...(record === null ? {} : { renderExport: (context) => exportDialog(record, context, context.onClose) }),
    }),
    [record],
  );
}
