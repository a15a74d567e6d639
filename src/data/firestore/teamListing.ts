import type { DeviceCopyStore } from '../deviceCopy/store';
import { leftTeams, otherTeamLists, teamListKey, vaultsToDrop } from '../deviceCopy/leftTeams';
import { MalformedRecordError } from '../malformedRecord';
import type { LeftTeam, MalformedTeam, StoredTeam, TeamListing } from '../teams/storedTeams';
import type { WithId } from '../vault/storedEntries';
import type { Documents } from './cursorPages';
import { serverOrDeviceMarked } from './deviceFallback';
import { sortedBy } from './queryOrder';
import { teamFrom } from './storedDocuments';

// The user's team list (docs/teams.md, "In the browser"): each document read on its own, so one
// malformed team is flagged and the others listed (issue #41 item 7); with the device copy, the
// answer says whether the server gave it, and a server's answer drops from the copy the teams
// nobody here belongs to any more (issue #41 item 3).

/** The documents of the list: the well-formed teams, and the others flagged. */
export function teamsOf(documents: Documents): Pick<TeamListing, 'teams' | 'malformed'> {
  const teams: WithId<StoredTeam>[] = [];
  const malformed: MalformedTeam[] = [];
  // The copy answers by id: put in the query's order again (the server's answer already is).
  for (const [id, data] of sortedBy('name', documents)) {
    try {
      teams.push({ id, data: teamFrom(`teams/${id}`, data as Record<string, unknown>) });
    } catch (error) {
      if (!(error instanceof MalformedRecordError)) throw error;
      const name = (data as { name?: unknown } | null)?.name;
      malformed.push({ id, name: typeof name === 'string' && name.trim() !== '' ? name : null, problem: error.problem });
    }
  }
  return { teams, malformed };
}

/**
 * Drops from the copy the vaults of every team that neither `current` (the server's list of this
 * user) nor another user's list held here names. A failure leaves them for the next list read:
 * the teams to drop are found from what the copy holds, not from what it held before.
 */
async function dropLeftVaults(copy: DeviceCopyStore, uid: string, current: ReadonlySet<string>): Promise<void> {
  const vaultKeys = await copy.vaultKeys();
  const claimed = new Set(current);
  for (const list of otherTeamLists(vaultKeys, uid)) {
    for (const [id] of (await copy.read(list)) ?? []) claimed.add(id);
  }
  const dropped = vaultsToDrop(vaultKeys, claimed);
  if (dropped.length > 0) await copy.drop(dropped);
}

/** A team list, and the clean-up of the copy it started (settled once the left teams' vaults are gone). */
export interface TeamListingRead {
  readonly listing: TeamListing;
  readonly tidied: Promise<void>;
}

/**
 * The team list of `uid`: `server()` makes one try (serverOrDeviceMarked). The vaults of the teams
 * left are dropped from the copy after the list answers, not before: the list is on the path to a
 * settled All items, and the drop reads every vault key and every other user's list first.
 */
export async function readTeamListingAndTidy(copy: DeviceCopyStore | undefined, uid: string, server: () => Promise<Documents>): Promise<TeamListingRead> {
  const key = teamListKey(uid);
  // Read before the server's answer replaces it: the teams it names that the answer does not are the ones left.
  const previous = copy === undefined ? null : await copy.read(key).catch(() => null);
  const { documents, fromDevice } = await serverOrDeviceMarked(copy, key, server);
  let left: LeftTeam[] = [];
  let tidied = Promise.resolve();
  if (copy !== undefined && !fromDevice) {
    const current = new Set(documents.map(([id]) => id));
    left = leftTeams(previous, current);
    tidied = dropLeftVaults(copy, uid, current).catch((error: unknown) => {
      console.warn('Could not drop the vaults of teams left from the device copy', error);
    });
  }
  return { listing: { ...teamsOf(documents), fromDevice, left }, tidied };
}

/** The team list of `uid`, answered before the copy's clean-up ends (readTeamListingAndTidy). */
export async function readTeamListing(copy: DeviceCopyStore | undefined, uid: string, server: () => Promise<Documents>): Promise<TeamListing> {
  return (await readTeamListingAndTidy(copy, uid, server)).listing;
}
