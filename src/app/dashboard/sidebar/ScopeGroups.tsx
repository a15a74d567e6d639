import type { ReactNode } from 'react';
import type { PasswordEntry, VaultCount, VaultState } from '../../../features/vault';
import { GROUP_FILTER } from '../../../features/vault';
import { FolderIcon, LayersIcon } from '../../../ui/icons';
import { Count } from './SidebarCount';

interface Counts {
  readonly byGroup: ReadonlyMap<string, number>;
  readonly ungrouped: number;
}

const counted = new WeakMap<readonly PasswordEntry[], Counts>();

/** Entries per group id, counted once per list (the sidebar renders on every page of a load). */
function groupCounts(entries: readonly PasswordEntry[]): Counts {
  const known = counted.get(entries);
  if (known !== undefined) return known;
  const byGroup = new Map<string, number>();
  let ungrouped = 0;
  for (const entry of entries) {
    if (entry.groupId === null) ungrouped += 1;
    else byGroup.set(entry.groupId, (byGroup.get(entry.groupId) ?? 0) + 1);
  }
  const counts = { byGroup, ungrouped };
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

interface GroupButtonProps {
  readonly value: string;
  readonly current: string | null;
  readonly name: string;
  readonly count: VaultCount;
  readonly icon: ReactNode;
  readonly onGroup: (group: string) => void;
}

function GroupButton({ value, current, name, count, icon, onGroup }: GroupButtonProps) {
  return (
    <li>
      <button
        type="button"
        className="row-button vault-sidebar__group"
        aria-current={current === value ? 'page' : undefined}
        onClick={() => {
          onGroup(current === value ? GROUP_FILTER.all : value);
        }}
      >
        {icon}
        <span className="vault-sidebar__label">{name}</span>
        <Count value={count} />
      </button>
    </li>
  );
}

/**
 * A vault's groups under it in the sidebar (issue #21), the vault's only group filter (issue #43
 * item 6, SPEC.md's 'All Passwords or one group'): each narrows the list to its passwords; while
 * the vault is on screen, 'All Passwords' and 'No Group' are there too.
 */
export function ScopeGroups({ state, current, label, onGroup }: ScopeGroupsProps) {
  const groups = state?.groups ?? [];
  if (groups.length === 0) return null;
  const entries = state?.entries ?? [];
  // Counted once the vault has answered, as the vaults above are (issue #43 item 0).
  const status = state?.load.status;
  const counts = status === 'ready' ? groupCounts(entries) : null;
  const pendingOrNone: VaultCount = status === 'loading' ? 'pending' : null;
  const countOf = (count: (known: Counts) => number): VaultCount => (counts !== null ? count(counts) : pendingOrNone);
  const onScreen = current !== null;
  return (
    <ul className="vault-sidebar__groups" aria-label={label}>
      {onScreen && <GroupButton value={GROUP_FILTER.all} current={current} name="All Passwords" count={countOf(() => entries.length)} icon={<LayersIcon />} onGroup={onGroup} />}
      {groups.map((group) => (
        <GroupButton key={group.id} value={group.id} current={current} name={group.name} count={countOf((known) => known.byGroup.get(group.id) ?? 0)} icon={<FolderIcon />} onGroup={onGroup} />
      ))}
      {onScreen && <GroupButton value={GROUP_FILTER.none} current={current} name="No Group" count={countOf((known) => known.ungrouped)} icon={<FolderIcon />} onGroup={onGroup} />}
    </ul>
  );
}
