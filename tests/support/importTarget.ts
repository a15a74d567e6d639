// The target of an import as the vault screen hands it to planImport, read through the vault
// service: the screen's own importTargetOf over every entry and group loaded afresh.
import type { ImportTargetContents } from '../../src/features/import/plan/types';
import { importTargetOf } from '../../src/features/vault/transferSources';
import { loadEntries, loadGroups, type VaultDeps } from '../../src/features/vault/vaultService';

/** The target as the vault screen would hand it to the plan: every entry (password opened on demand) and group. */
export async function targetContents(deps: VaultDeps): Promise<ImportTargetContents> {
  const [entries, groups] = await Promise.all([loadEntries(deps), loadGroups(deps)]);
  return importTargetOf({ deps, vault: { entries, groups } }).contents();
}
