import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { resourceKeys } from '../../session/serverState/keys';
import { useResource, type Resource } from '../../session/serverState/useResource';
import { MEMBER_MESSAGES } from './memberForm';
import type { TeamDetail, TeamMembersApi } from './model';

export interface TeamDetailResource extends Resource<TeamDetail> {
  /** After a write that changed the team's members, roles or keys: every read of teams goes stale, this one is read again. */
  readonly teamsChanged: () => Promise<void>;
}

/** One team as Manage Team Members shows it (`resourceKeys.team`). */
export function useTeamDetail(api: TeamMembersApi, teamId: string): TeamDetailResource {
  const client = useQueryClient();
  const resource = useResource<TeamDetail>({ key: resourceKeys.team(teamId), read: () => api.load(teamId), failure: MEMBER_MESSAGES.loadFailed });
  const teamsChanged = useCallback(async () => {
    await client.invalidateQueries({ queryKey: resourceKeys.teams() });
  }, [client]);
  return { ...resource, teamsChanged };
}
