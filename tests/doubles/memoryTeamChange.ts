// What the callables' applyTeamChange (functions/src/teams/store.ts) does, over the in-memory
// repositories: the team document patched, and the team id added to or removed from the teamIds of
// each account named that has a user record. The fakes apply the real decisions' changes with it.
import type { StoredUserRecord } from '../../src/data/users/userRecord';
import type { StoredTeam } from '../../src/data/teams/storedTeams';
import type { TeamChange } from '../../functions/src/teams/model';
import type { MemoryTeamRepository } from './memoryTeamRepositories';
import type { MemoryUserRepository } from './memoryUserRepository';

export async function applyTeamChange(
  repositories: { readonly teams: MemoryTeamRepository; readonly users: MemoryUserRepository },
  teamId: string,
  team: StoredTeam,
  change: TeamChange,
  /** Further changes to a named account's record in the same write (acceptInvitation's pending key). */
  alsoOnUser: (uid: string, record: StoredUserRecord) => StoredUserRecord = (_uid, record) => record,
): Promise<void> {
  repositories.teams.put(teamId, { ...team, ...change.patch });
  for (const uid of [...change.addTeamIdFor, ...change.removeTeamIdFor]) {
    const record = await repositories.users.get(uid);
    if (record === null) continue;
    const adding = change.addTeamIdFor.includes(uid);
    // arrayUnion and arrayRemove: an id already there stays where it is.
    const teamIds = adding ? (record.teamIds.includes(teamId) ? record.teamIds : [...record.teamIds, teamId]) : record.teamIds.filter((id) => id !== teamId);
    repositories.users.replace(uid, alsoOnUser(uid, { ...record, teamIds }));
  }
}
