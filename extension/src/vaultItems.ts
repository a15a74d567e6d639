import type { ListedItem } from '../../src/features/vault/service/itemService';

// The extension's whole vault (docs/extension.md, "The popup"): the personal vault and every team
// vault the user could open, as one list. A team's items carry its name, so the popup labels them
// and opens each with its own team's key; a personal item carries none.

/** The team an item belongs to, as the popup names it. */
export interface TeamLabel {
  readonly id: string;
  readonly name: string;
}

/** An item of the whole vault: a personal one has no `team`. */
export interface VaultItem extends ListedItem {
  readonly team?: TeamLabel;
}

/** One team vault as read: its label and its items (the app's item service's list). */
export interface TeamItems {
  readonly team: TeamLabel;
  readonly items: readonly ListedItem[];
}

/**
 * The personal vault's items first, then each team's in the order given (the team list's, by
 * name), each team item labelled with its team. A team that could not be read is simply absent
 * from `teams`: it takes nothing away from the others.
 */
export function mergeVaults(personal: readonly ListedItem[], teams: readonly TeamItems[]): VaultItem[] {
  const merged: VaultItem[] = [...personal];
  for (const { team, items } of teams) for (const item of items) merged.push({ entry: item.entry, overview: item.overview, team });
  return merged;
}

/** How an item is named to a screen reader and in its buttons: its title, and its team's name for a team item. */
export function accessibleTitle(item: VaultItem, title: string): string {
  return item.team === undefined ? title : `${title} (team ${item.team.name})`;
}
