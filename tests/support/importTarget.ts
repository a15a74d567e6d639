// The target of an import as the vault screen hands it to planImport: every entry of the vault
// or team (its password opened on demand) and every group, read through the vault service.
import type { ImportTargetContents } from '../../src/features/import/plan/types';
import { loadEntries, loadGroups, openDetails, type VaultDeps } from '../../src/features/vault/vaultService';

/** The target as the vault screen would hand it to the plan: every entry (password opened on demand) and group. */
export async function targetContents(deps: VaultDeps): Promise<ImportTargetContents> {
  const [entries, groups] = await Promise.all([loadEntries(deps), loadGroups(deps)]);
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      title: entry.title,
      url: entry.url,
      username: entry.username,
      password: async () => (await openDetails(deps, entry)).password,
    })),
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
  };
}
