import { canOnPasswords } from '@keyloft/contract/teamPermissions';
import { isTeamVault, type VaultDeps } from '../../../features/vault';

// Which vaults the sidebar's tools offer (issue #43 item 3), by the rules each vault's own screen
// uses: an import writes entries, so it needs the role that creates them; a team's export is for
// its owner and admins (issue #20, item 5); anyone who can open a vault can check its health.

export type VaultTool = 'import' | 'export' | 'health';

export const TOOL_TEXTS = Object.freeze({
  heading: 'Tools',
  import: 'Import',
  export: 'Export',
  chooseTitle: { import: 'Import into which vault?', export: 'Export which vault?', health: 'Check which vault?' } satisfies Record<VaultTool, string>,
  continue: 'Continue',
  cancel: 'Cancel',
  none: { import: 'No vault you can add passwords to is open.', export: 'No vault you can export is open.', health: 'No vault is open yet.' } satisfies Record<VaultTool, string>,
});

export function toolAllows(tool: VaultTool, deps: VaultDeps): boolean {
  if (!isTeamVault(deps)) return true;
  const { role } = deps.team;
  if (tool === 'import') return canOnPasswords(role, 'create');
  if (tool === 'export') return role === 'owner' || role === 'admin';
  return true;
}

/** The vaults a tool offers, in the sidebar's order. */
export function vaultsFor<T extends { readonly session: { readonly deps: VaultDeps } }>(tool: VaultTool, vaults: readonly T[]): readonly T[] {
  return vaults.filter((vault) => toolAllows(tool, vault.session.deps));
}

/** What the chooser calls a vault: its sidebar name. */
export function vaultName(source: { readonly key: string; readonly label: string }): string {
  return source.key === 'personal' ? 'Personal Passwords' : source.label;
}
