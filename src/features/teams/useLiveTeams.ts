import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TeamRepository } from '../../data/teams/storedTeams';
import { resourceKeys } from '../../session/serverState/keys';
import type { TeamsListing } from './model';

/**
 * The team list first, then what is read of each team still in it: a team the user was removed
 * from is no longer theirs to read (the rules refuse it), and leaves the screen with the list.
 */
async function readAgain(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: resourceKeys.teamList() });
  const listed = new Set((client.getQueryData<TeamsListing>(resourceKeys.teamList())?.teams ?? []).map((team) => team.id));
  const [root, one] = resourceKeys.team('');
  await client.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === root && queryKey[1] === one && typeof queryKey[2] === 'string' && listed.has(queryKey[2]),
  });
}

/**
 * While mounted, a change to any of the user's teams (a role, a member, a key rotation, a removal
 * or a deletion) makes the team list and each team's access be read again (issue #22): a removed
 * member's team leaves the screen, and its vault session with it (VaultSessions.retainTeams); a
 * new role or key version opens the team afresh.
 */
export function useLiveTeams(teams: TeamRepository | null, uid: string): void {
  const client = useQueryClient();
  useEffect(() => {
    if (teams === null) return undefined;
    return teams.watchForMember(
      uid,
      () => {
        void readAgain(client);
      },
      (error) => {
        // The list still works as read; it follows changes again at the next unlock.
        console.warn('The team list stopped following changes', error);
      },
    );
  }, [teams, uid, client]);
}
