// The personal vault is the vault service with personal deps (vault key, user id); see vaultService.ts.
export {
  createGroup,
  DECRYPT_FAILED_MESSAGE,
  deleteGroup,
  deletePassword,
  loadEntries,
  loadGroups,
  savePassword,
  updateGroup,
} from './vaultService';
export type { PersonalVaultDeps } from './vaultService';
