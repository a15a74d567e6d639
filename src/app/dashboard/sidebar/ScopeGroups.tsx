import type { PasswordEntry, VaultCount, VaultState } from '../../../features/vault';
import { GROUP_FILTER } from '../../../features/vault';
import { FolderIcon } from '../../../ui/icons';
import { Count } from './SidebarCount';

const counted = new WeakMap<readonly PasswordEntry[], ReadonlyMap<string, number>>();

/** Entries per group id, counted once per list (the sidebar renders on every page of a load). */
function groupCounts(entries: readonly PasswordEntry[]): ReadonlyMap<string, number> {
  const known = counted.get(entries);
  if (known !== undefined) return known;
  const counts = new Map<string, number>();
  for (const entry of entries) if (entry.groupId !== null) counts.set(entry.groupId, (counts.get(entry.groupId) ?? 0) + 1);
  counted.set(entries, counts);
  return counts;
}

export interface ScopeGroupsProps {
  /** The vault whose groups are listed (nothing is listed before its groups are in). */
  readonly state: VaultState | undefined;
  /** The group on screen ('' for all of the vault's passwords), or null when the vault is not on screen. */
  readonly current: string | null;
  readonly label: string;
  readonly onGroup: (group: string) => void;
}

/** A vault's groups under it in the sidebar (issue #21): each narrows the list to its passwords. */
export function ScopeGroups({ state, current, label, onGroup }: ScopeGroupsProps) {
  const groups = state?.groups ?? [];
  if (groups.length === 0) return null;
  // Counted once the vault has answered, as the vaults above are (issue #43).
  const status = state?.load.status;
  const counts = status === 'ready' ? groupCounts(state?.entries ?? []) : null;
  const countOf = (groupId: string): VaultCount => (counts !== null ? (counts.get(groupId) ?? 0) : status === 'loading' ? 'pending' : null);
  return (
    <ul className="vault-sidebar__groups" aria-label={label}>
      {groups.map((group) => (
        <li key={group.id}>
          <button
            type="button"
            className="vault-sidebar__group"
            aria-current={current === group.id ? 'page' : undefined}
            onClick={() => {
              onGroup(current === group.id ? GROUP_FILTER.all : group.id);
            }}
          >
            <FolderIcon />
            <span className="vault-sidebar__label">{group.name}</span>
            <Count value={countOf(group.id)} />
          </button>
        </li>
      ))}
    </ul>
  );
}
