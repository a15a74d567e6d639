import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { canOnPasswords } from '@keyloft/contract/teamPermissions';
import { resourceKeys } from '../../session/serverState/keys';
import type { TeamMembersApi } from './model';
import type { TeamsController } from './useTeams';

/**
 * In the background, once per team and page and again whenever a team becomes pending or its
 * membership changes: this browser checks the key its own wrap opens against the team's key check
 * (docs/teams.md, "Key checks"), and a member who may write entries (owner, admin, Full) then
 * runs or finishes a key rotation left pending (after someone leaves: until it runs the team's
 * saves are refused, docs/teams.md "The removal window"; a rotation interrupted halfway; an old
 * key waiting for the owner's confirmation). What is held of the teams is read again when anything changed. A
 * failure is logged; the Manage Members notice still offers the rotation.
 */
export function useRotationResume(teams: TeamsController | null, members: TeamMembersApi | null): void {
  const attempted = useRef(new Set<string>());
  const holding = teams?.teams.filter((team) => !team.needsKey) ?? [];
  // The member count is in the key so that a departure from a team already pending (its old key
  // waiting for the owner) is attempted again.
  const holdingIds = holding
    .map((team) => `${team.id}:${team.rotationPending && canOnPasswords(team.myRole, 'edit') ? 'r' : '-'}:${team.memberCount}`)
    .join(',');
  const client = useQueryClient();

  useEffect(() => {
    if (members === null || holdingIds === '') return;
    for (const item of holdingIds.split(',')) {
      const [teamId = '', pending] = item.split(':');
      if (attempted.current.has(item)) continue;
      attempted.current.add(item);
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
