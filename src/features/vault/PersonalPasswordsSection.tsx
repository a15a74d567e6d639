import type { PersonalVaultDeps } from './personalVault';
import type { VaultTransfer } from './transfer';
import { VaultPanel } from './VaultPanel';

/** The dashboard's 'Personal Passwords' section (SPEC.md §2): the user's own vault, every action allowed. */
export function PersonalPasswordsSection({ deps, transfer }: { deps: PersonalVaultDeps; transfer?: VaultTransfer }) {
  return (
    <VaultPanel
      deps={deps}
      heading="Personal Passwords"
      listLabel="Personal passwords"
      subject="your passwords"
      canCreate
      canEdit
      canDelete
      canImport
      canExport
      {...(transfer === undefined ? {} : { transfer })}
    />
  );
}
