// What the vault screen shows (issue #21): every vault at once, the personal vault, or one team,
// each narrowed to a group when the sidebar's group was chosen. Group values are VaultPanel's:
// '' for all of the vault's passwords, NO_GROUP_VALUE, or a group id.

export type VaultScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'personal'; readonly group: string }
  | { readonly kind: 'team'; readonly teamId: string; readonly group: string };

export const ALL_ITEMS: VaultScope = { kind: 'all' };

export function personalScope(group = ''): VaultScope {
  return { kind: 'personal', group };
}

export function teamScope(teamId: string, group = ''): VaultScope {
  return { kind: 'team', teamId, group };
}

/** The same vault (whatever its group): switching groups keeps the vault's screen. */
export function sameVault(a: VaultScope, b: VaultScope): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'team' || (b.kind === 'team' && a.teamId === b.teamId);
}

/** The scope a team's disappearance (left, deleted) leaves the screen on. */
export function withoutTeam(scope: VaultScope, teamIds: ReadonlySet<string>): VaultScope {
  return scope.kind === 'team' && !teamIds.has(scope.teamId) ? ALL_ITEMS : scope;
}

/** The key of the open vault a scope shows (as useOpenVaults names it), null for All items. */
export function sourceKeyOf(scope: VaultScope): string | null {
  if (scope.kind === 'personal') return 'personal';
  return scope.kind === 'team' ? `team/${scope.teamId}` : null;
}
