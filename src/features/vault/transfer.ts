// Import and export on a vault's screen (issue #20), and the health report's strength estimator
// (issue #23): what the panel uses of other features. The dialogs belong to the import feature
// and the estimator to the auth feature, which this feature never imports: the app composes them
// and hands the panel renderers, as it hands the landing page its auth modal.
import type { ReactNode } from 'react';
import type { EstimateStrength } from './health/healthReport';
import type { VaultController } from './useVault';
import type { VaultDeps } from './vaultService';

export interface VaultTransferContext {
  /** The vault the panel shows: where an import writes, what an export reads. */
  readonly deps: VaultDeps;
  /** Its loaded entries and groups (the import's duplicate check, the export's list). */
  readonly vault: VaultController;
  readonly onClose: () => void;
}

export interface VaultTransfer {
  /** The import dialog, open (what it writes reaches the list through the vault's live read). Absent: no Import button. */
  readonly renderImport?: (context: VaultTransferContext) => ReactNode;
  /** The export dialog, open. Absent: no Export button. */
  readonly renderExport?: (context: VaultTransferContext) => ReactNode;
  /** The strength estimator the master-password field uses, loaded on first use. Absent: no Password health button. */
  readonly loadStrengthEstimator?: () => Promise<EstimateStrength>;
}
