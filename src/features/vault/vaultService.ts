// The vault between the screens and the repositories, for one scope: the user's personal vault
// (vault key) or one team (team key). It turns stored ciphertext into the entries the screens show
// and back, each part bound to its entry (ENGINEERING.md §2); team entries carry the key version
// that encrypted them (docs/teams.md). The pieces live in service/: the scope (vaultDeps), reading
// entries (openEntries, loadEntries), writing them (passwordWrites), groups (groupService), and the
// guard every write goes through (writeGuard). This module is what the screens and tests import.

export type { PersonalVaultDeps, SealedFormatOptions, TeamScope, TeamVaultDeps, VaultDeps } from './service/vaultDeps';
export { isTeamVault } from './service/vaultDeps';
export { openDetails } from './service/openEntries';
export { loadEntries, openListing } from './service/loadEntries';
export { deletePassword } from './service/passwordWrites';
// A draft saved over an item (format 3) keeps what the password form does not show (itemService.ts).
export { saveEntryDraft as savePassword, listedItem, loadItems, openItem, saveItem } from './service/itemService';
export type { ItemPlacement, ListedItem } from './service/itemService';
export { compareGroups, createGroup, deleteGroup, loadGroups, openGroupListing, updateGroup } from './service/groupService';
export {
  CONFLICT_MESSAGES,
  DECRYPT_FAILED_MESSAGE,
  GroupConflictError,
  LoadStoppedError,
  PasswordConflictError,
  TeamKeyChangedError,
  VaultGoneError,
  VaultPermissionError,
} from './vaultErrors';
