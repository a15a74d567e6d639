import type { PersonalVaultDeps } from './personalVault';
import type { VaultTransfer } from './transfer';
import { VaultPanel } from './VaultPanel';

export interface PersonalPasswordsSectionProps {
  readonly deps: PersonalVaultDeps;
  readonly transfer?: VaultTransfer;
  /** The group filter when the caller holds it (the sidebar's groups). */
  readonly group?: string;
  readonly onGroupChange?: (group: string) => void;
}

/** The dashboard's 'Personal Passwords' section (SPEC.md §2): the user's own vault, every action allowed. */
export function PersonalPasswordsSection({ deps, transfer, group, onGroupChange }: PersonalPasswordsSectionProps) {
  return (
    <VaultPanel
      deps={deps}
      heading="Personal Passwords"
      name="Personal Passwords"
      listLabel="Personal passwords"
      subject="your passwords"
      canCreate
      canEdit
      canDelete
      canImport
      canExport
      {...(transfer === undefined ? {} : { transfer })}
      {...(group === undefined ? {} : { group })}
      {...(onGroupChange === undefined ? {} : { onGroupChange })}
    />
  );
}
