import { useEffect, useRef } from 'react';
import { canManageMembers } from '../../domain/teamPermissions';
import type { TeamMembersApi } from './model';
import type { TeamsController } from './useTeams';

/**
 * The next owner or admin session finishes a key rotation left pending (docs/teams.md: after
 * someone leaves, or a rotation interrupted halfway): once per team and page, in the background,
 * then the list is read again. A failure is logged; the Manage Members notice still offers it.
 */
export function useRotationResume(teams: TeamsController | null, members: TeamMembersApi | null): void {
  const attempted = useRef(new Set<string>());
  const pending = teams?.teams.filter((team) => team.rotationPending && canManageMembers(team.myRole) && !team.needsKey) ?? [];
  const pendingIds = pending.map((team) => team.id).join(',');
  const refresh = teams?.refresh;

  useEffect(() => {
    if (members === null || refresh === undefined || pendingIds === '') return;
    for (const teamId of pendingIds.split(',')) {
      if (attempted.current.has(teamId)) continue;
      attempted.current.add(teamId);
      members.finishPendingRotation(teamId).then(
        () => refresh(),
        (error: unknown) => {
          console.error(`The key rotation of team ${teamId} could not be finished`, error);
        },
      );
    }
  }, [members, refresh, pendingIds]);
}
