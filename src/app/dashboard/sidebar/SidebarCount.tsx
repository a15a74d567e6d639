import type { VaultCount } from '../../../features/vault';

/**
 * A count beside a vault or group, or while its vaults are still loading a neutral placeholder:
 * never part of a vault counted as if it were all of it (issue #43).
 */
export function Count({ value }: { readonly value: VaultCount }) {
  if (value === null) return null;
  if (value === 'pending') return <span className="vault-sidebar__count vault-sidebar__count--pending" aria-hidden="true" />;
  return <span className="vault-sidebar__count">{value}</span>;
}
