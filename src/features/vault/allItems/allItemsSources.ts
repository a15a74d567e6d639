import { mergeLists } from '../entryOrder';
import type { Group, PasswordEntry } from '../model';
import type { VaultState } from '../session/vaultSession';

/** One vault All items shows: where its entries live and what the user may do there. */
export interface ItemsSource {
  /** Stable across renders: the session key of the vault. */
  readonly key: string;
  /** Said beside each of its entries ('Personal', a team's name). */
  readonly label: string;
  readonly canCreate: boolean;
  readonly canEdit: boolean;
  readonly canDelete: boolean;
}

export interface SpannedList {
  /** Every entry of every vault, by title then id. */
  readonly entries: readonly PasswordEntry[];
  /** The index (in the sources) of the vault each entry is in. */
  readonly sourceOf: ReadonlyMap<string, number>;
  /** Each entry's group name, looked up in its own vault's groups. */
  readonly groupNameOf: (entry: PasswordEntry) => string | null;
}

function groupNames(groups: readonly Group[]): ReadonlyMap<string, string> {
  return new Map(groups.map((group) => [group.id, group.name]));
}

/** The entries of several vaults as one list, with where each one lives. */
export function spanVaults(states: readonly VaultState[]): SpannedList {
  const sourceOf = new Map<string, number>();
  states.forEach((state, index) => {
    for (const entry of state.entries) sourceOf.set(entry.id, index);
  });
  const names = states.map((state) => groupNames(state.groups));
  return {
    entries: mergeLists(states.map((state) => state.entries)),
    sourceOf,
    groupNameOf: (entry) => {
      if (entry.groupId === null) return null;
      const index = sourceOf.get(entry.id);
      return index === undefined ? null : (names[index]?.get(entry.groupId) ?? null);
    },
  };
}

/** Loading while any vault is; entries so far counted over all of them. */
export function spannedLoad(states: readonly VaultState[]): { readonly loading: boolean; readonly loaded: number; readonly failed: readonly number[] } {
  let loading = false;
  let loaded = 0;
  const failed: number[] = [];
  states.forEach((state, index) => {
    if (state.load.status === 'loading') loading = true;
    if (state.load.status === 'failed') failed.push(index);
    loaded += state.entries.length;
  });
  return { loading, loaded, failed };
}
