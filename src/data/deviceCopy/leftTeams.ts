import type { Documents } from '../firestore/cursorPages';
import type { LeftTeam } from '../teams/storedTeams';

// The vaults of the device copy that belong to teams nobody signed in on this browser still lists
// (issue #41 item 3, docs/vault.md "The device copy"): a member who left or was removed must not
// keep the team's sealed entries, groups, wrapped key and member keys on the device. Pure: the
// store is read and written by the team listing (data/firestore/teamListing.ts).

/** The copy's team list of user `uid`. */
export const teamListKey = (uid: string): string => `teams:${uid}`;

const TEAM_LIST_PREFIX = 'teams:';

/** Each kind of vault the copy keeps of one team, before the team's id. */
const TEAM_VAULT_PREFIXES = ['entries:team:', 'groups:team:', 'team:', 'memberKeys:'] as const;

/** The team vault `key` of the copy belongs to; null for another vault (a user's, a team list). */
export function teamOfVault(key: string): string | null {
  const prefix = TEAM_VAULT_PREFIXES.find((candidate) => key.startsWith(candidate));
  return prefix === undefined ? null : key.slice(prefix.length) || null;
}

/** The team lists the copy holds, of users other than `uid`: their teams stay. */
export function otherTeamLists(vaultKeys: readonly string[], uid: string): string[] {
  return vaultKeys.filter((key) => key.startsWith(TEAM_LIST_PREFIX) && key !== teamListKey(uid));
}

/** The team vaults among `vaultKeys` whose team no team list held here (`claimed`) names: to drop. */
export function vaultsToDrop(vaultKeys: readonly string[], claimed: ReadonlySet<string>): string[] {
  return vaultKeys.filter((key) => {
    const team = teamOfVault(key);
    return team !== null && !claimed.has(team);
  });
}

/**
 * The teams of `previous` (the copy's last team list of the user, null when it held none) that the
 * server's answer (`current`, every document's id, a malformed one's too) no longer names.
 */
export function leftTeams(previous: Documents | null, current: ReadonlySet<string>): LeftTeam[] {
  return (previous ?? [])
    .filter(([id]) => !current.has(id))
    .map(([id, data]) => {
      const name = (data as { name?: unknown } | null)?.name;
      return { id, name: typeof name === 'string' && name.trim() !== '' ? name : null };
    });
}
