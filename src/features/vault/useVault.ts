import type { VaultDeps } from './vaultService';
import { useVaultSession, useVaultState } from './session/useVaultSession';

export { LOAD_FAILED, type DeleteOutcome, type LoadState } from './session/vaultSession';
export type { SealingProgress } from './session/backgroundSealing';

/**
 * A vault's state (personal or one team's) for a screen: loaded once, then kept in step with each
 * change. Under a VaultSessions provider the vault stays open when the screen goes (issue #21).
 */
export function useVault(deps: VaultDeps) {
  const session = useVaultSession(deps);
  const { entries, groups, load, sealing } = useVaultState(session);
  const { retry, withDetails, save, remove, addGroup, editGroup, removeGroup } = session;
  return { entries, groups, load, sealing, retry, withDetails, save, remove, addGroup, editGroup, removeGroup };
}

export type VaultController = ReturnType<typeof useVault>;
