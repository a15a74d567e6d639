// The vault feature's public surface for src/app: the personal section, the team view and the
// session's cache of opened details, and the writer an import runs through.
export { PersonalPasswordsSection } from './PersonalPasswordsSection';
export { TeamPasswordsView, type TeamKeyAccess, type TeamPasswordsViewProps } from './TeamPasswordsView';
export { createDetailsCache, type DetailsCache } from './detailsCache';
export { vaultImportWriter, type ImportedEntry, type VaultImportWriter } from './importWriter';
export { collectVault, importTargetOf, type CollectedVault, type ImportTargetSource, type LoadedVault } from './transferSources';
export type { VaultTransfer, VaultTransferContext } from './transfer';
export { GROUP_FILTER } from './VaultPanel';
export { VaultSessions } from './session/vaultSessions';
export { VaultSessionsContext, useVaultSession, useVaultState } from './session/useVaultSession';
export type { VaultSession, VaultState } from './session/vaultSession';
export type { PersonalVaultDeps } from './personalVault';
export type { TeamVaultDeps, VaultDeps } from './vaultService';
export type { Group, PasswordEntry } from './model';
export type { EstimateStrength } from './health/healthReport';
export { useSessionStates } from './session/useSessionStates';
export { allAnswered, showsVault, totalCount, vaultCount, type VaultCount } from './session/vaultCounts';
export { AllItemsPanel, type OpenItemsSource } from './allItems/AllItemsPanel';
export { HealthDialog, HEALTH_TEXTS } from './health/HealthDialog';
export { healthScopeOf } from './health/entryHealth';
export { openDetails, isTeamVault } from './vaultService';
export { ITEM_FILTERS, ITEM_FILTER_NAMES, ItemFilterContext, filterByItem, type ItemCounts, type ItemFilter, type ItemFilterState } from './list/itemFilter';
export { itemLinkPath, itemToShow } from './itemLink';
