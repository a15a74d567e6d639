import { WriteRefusedError } from '../../../data/vault/storedEntries';
import { decidePasswordWrite, PERMISSION_MESSAGES, type PasswordAction } from '@keyloft/contract/teamPermissions';
import { TeamKeyChangedError, VaultPermissionError } from '../vaultErrors';
import { isTeamVault, type TeamVaultDeps, type VaultDeps } from './vaultDeps';

// Every write of the vault goes through here: a team role that may not write is refused before
// anything is sealed, and a refusal by the rules or a lost conditional write is told in the
// vault's words.

export type WriteAction = Exclude<PasswordAction, 'view'>;

const REFUSED: Readonly<Record<WriteAction, string>> = {
  create: PERMISSION_MESSAGES.cannotAddPasswords,
  edit: PERMISSION_MESSAGES.cannotUpdatePasswords,
  delete: PERMISSION_MESSAGES.cannotDeletePasswords,
};

/**
 * Runs a write of a team vault only if the role allows it, and reports a refusal truthfully: a key
 * version that moved on as a changed key (and the app reloads the team), else in §6 words.
 */
export async function guarded<T>(deps: VaultDeps, action: WriteAction, write: () => Promise<T>): Promise<T> {
  if (!isTeamVault(deps)) return write();
  const decision = decidePasswordWrite(deps.team.role, action);
  if (!decision.ok) throw new VaultPermissionError(decision.message);
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof WriteRefusedError)) throw error;
    if (await keyChanged(deps)) {
      deps.team.onKeyChanged?.();
      throw new TeamKeyChangedError({ cause: error });
    }
    throw new VaultPermissionError(REFUSED[action], { cause: error });
  }
}

async function keyChanged(deps: TeamVaultDeps): Promise<boolean> {
  const stored = await deps.team.storedKeyVersion?.().catch((error: unknown) => {
    console.error('Could not read the team key version', error);
    return null;
  });
  return typeof stored === 'number' && stored !== deps.team.keyVersion;
}

/** Runs `write`, rethrowing a conflict or deletion as the vault error `failure` makes of it. */
export async function translated<T>(write: () => Promise<T>, failure: (error: unknown) => unknown): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw await failure(error);
  }
}
