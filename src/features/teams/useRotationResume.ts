import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { canManageMembers } from '@keyloft/contract/teamPermissions';
import { resourceKeys } from '../../session/serverState/keys';
import type { TeamMembersApi } from './model';
import type { TeamsController } from './useTeams';

/**
 * Once per team and page, in the background: this browser checks the key its own wrap opens
 * against the team's key check (docs/teams.md, "Key checks"), and an owner or admin then finishes
 * a key rotation left pending (after someone leaves, a rotation interrupted halfway, or an admin's
 * new key waiting for the owner). What is held of the teams is read again when anything changed. A failure is
 * logged; the Manage Members notice still offers the rotation.
 */
export function useRotationResume(teams: TeamsController | null, members: TeamMembersApi | null): void {
  const attempted = useRef(new Set<string>());
  const holding = teams?.teams.filter((team) => !team.needsKey) ?? [];
  const holdingIds = holding.map((team) => `${team.id}:${team.rotationPending && canManageMembers(team.myRole) ? 'r' : '-'}`).join(',');
  const client = useQueryClient();

  useEffect(() => {
    if (members === null || holdingIds === '') return;
    for (const item of holdingIds.split(',')) {
      const [teamId = '', pending] = item.split(':');
      if (attempted.current.has(teamId)) continue;
      attempted.current.add(teamId);
      void upkeep(members, teamId, pending === 'r').then((changed) => {
        if (changed) void client.invalidateQueries({ queryKey: resourceKeys.teams() });
      });
    }
  }, [members, client, holdingIds]);
}

async function upkeep(members: TeamMembersApi, teamId: string, rotationPending: boolean): Promise<boolean> {
  let changed = false;
  try {
    const found = await members.checkMyKey(teamId);
    changed = found !== 'ok' && found !== 'no-key';
    if (found === 'reported') return true;
  } catch (error) {
    console.error(`The team key of team ${teamId} could not be checked`, error);
  }
  if (!rotationPending) return changed;
  try {
    await members.finishPendingRotation(teamId);
    return true;
  } catch (error) {
    console.error(`The key rotation of team ${teamId} could not be finished`, error);
    return changed;
  }
}
