import type { VaultState } from './vaultSession';

// What the sidebar says of how many entries a vault holds (issue #43 item 0). A number only once
// the vault has answered (every slice of its live read handed over: liveVault.ts's `ready`, from
// the server or from a device copy held whole); before then a count would be part of the vault
// passed off as all of it, so the sidebar shows a neutral placeholder instead.

/** A vault's count: its entries once it has answered, 'pending' while it loads, null when it cannot be counted (its load failed). */
export type VaultCount = number | 'pending' | null;

export function vaultCount(state: VaultState | undefined): VaultCount {
  if (state === undefined) return null;
  if (state.load.status === 'ready') return state.entries.length;
  return state.load.status === 'loading' ? 'pending' : null;
}

/**
 * Entries across vaults, complete or not at all: 'pending' while any vault is still to answer
 * (`opening`: one not even open yet, such as a team whose key is being opened), null when one of
 * them cannot be counted or there is none.
 */
export function totalCount(counts: readonly VaultCount[], opening: boolean): VaultCount {
  if (opening || counts.includes('pending')) return 'pending';
  let total = 0;
  for (const count of counts) {
    if (typeof count !== 'number') return null;
    total += count;
  }
  return counts.length === 0 ? null : total;
}

/** True once every vault of `states` has answered (loaded or failed) and none is still to open. */
export function allAnswered(states: readonly VaultState[], opening: boolean): boolean {
  return !opening && states.every((state) => state.load.status !== 'loading');
}

/** Some vault is on screen: one answered (an empty one too) or showing entries, not every one still loading with none. */
export function showsVault(states: readonly VaultState[]): boolean {
  return states.some((state) => state.load.status === 'ready' || state.entries.length > 0);
}
