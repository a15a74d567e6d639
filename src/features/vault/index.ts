// The vault feature's public surface for src/app: the personal section, the team view and the
// session's cache of opened details, and the writer an import runs through.
export { PersonalPasswordsSection } from './PersonalPasswordsSection';
export { TeamPasswordsView, type TeamKeyAccess, type TeamPasswordsViewProps } from './TeamPasswordsView';
export { createDetailsCache, type DetailsCache } from './detailsCache';
export { vaultImportWriter, type ImportedEntry, type VaultImportWriter } from './importWriter';
export { collectVault, importTargetOf, type CollectedVault, type ImportTargetSource } from './transferSources';
export type { VaultTransfer, VaultTransferContext } from './transfer';
