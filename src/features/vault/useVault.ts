import type { VaultDeps } from './vaultService';
import { useShownSession } from './session/useShownSession';
import { useVaultSession, useVaultState } from './session/useVaultSession';

export { LOAD_FAILED, type DeleteOutcome, type LoadState } from './session/vaultSession';
export type { SealingProgress } from './session/backgroundSealing';

/**
 * A vault's state (personal or one team's) for a screen: loaded once, then kept in step with each
 * change. Under a VaultSessions provider the vault stays open when the screen goes (issue #21).
 */
export function useVault(deps: VaultDeps) {
  const session = useVaultSession(deps);
  // While a new key's list loads, the old one stays shown (useShownSession); its details open with
  // the key they were sealed under, and every write goes to the vault as it is now.
  const shown = useShownSession(session);
  const { entries, groups, load, sealing } = useVaultState(shown);
  const { withDetails, openItem } = shown;
  const { retry, save, saveItem, remove, addGroup, editGroup, removeGroup } = session;
  return { entries, groups, load, sealing, retry, withDetails, openItem, save, saveItem, remove, addGroup, editGroup, removeGroup };
}

export type VaultController = ReturnType<typeof useVault>;
