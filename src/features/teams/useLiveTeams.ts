import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TeamRepository } from '../../data/teams/storedTeams';
import { resourceKeys } from '../../session/serverState/keys';

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
        void client.invalidateQueries({ queryKey: resourceKeys.teams() });
      },
      (error) => {
        // The list still works as read; it follows changes again at the next unlock.
        console.warn('The team list stopped following changes', error);
      },
    );
  }, [teams, uid, client]);
}
