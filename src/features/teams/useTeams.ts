import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { resourceKeys } from '../../session/serverState/keys';
import { type ResourceStatus, useResource } from '../../session/serverState/useResource';
import type { TeamDraft, TeamSummary, TeamsApi } from './model';
import { TEAM_LIST_TEXTS } from './teamList';

export type TeamsLoadStatus = ResourceStatus;

export interface TeamsController {
  readonly status: TeamsLoadStatus;
  /** The last list loaded; kept while a reload runs. */
  readonly teams: readonly TeamSummary[];
  readonly retry: () => void;
  /** Reads the list again in the background (after a member change), keeping the one shown meanwhile. */
  readonly refresh: () => Promise<void>;
  /** Rejects when the save fails; a failed reload afterwards shows as a load failure instead. */
  readonly create: (draft: TeamDraft) => Promise<void>;
  readonly update: (teamId: string, draft: TeamDraft) => Promise<void>;
  readonly remove: (teamId: string) => Promise<void>;
}

const NO_TEAMS: readonly TeamSummary[] = [];

/**
 * The user's teams for both dashboard sections: one list (`resourceKeys.teamList`), read again
 * after a create or an edit (the service knows the new id and the order); a delete removes the
 * team from the list held, and every other read of that team goes stale. null while there is no
 * team service.
 */
export function useTeams(api: TeamsApi | null): TeamsController | null {
  const client = useQueryClient();
  const list = useResource<readonly TeamSummary[]>({
    key: resourceKeys.teamList(),
    read: api === null ? null : () => api.list(),
    failure: TEAM_LIST_TEXTS.loadFailed,
  });
  const { reload } = list;

  const create = useCallback(
    async (draft: TeamDraft) => {
      if (api === null) throw new Error('No team service');
      await api.create(draft);
      await reload();
    },
    [api, reload],
  );

  const update = useCallback(
    async (teamId: string, draft: TeamDraft) => {
      if (api === null) throw new Error('No team service');
      await api.update(teamId, draft);
      await client.invalidateQueries({ queryKey: resourceKeys.team(teamId) });
      await reload();
    },
    [api, client, reload],
  );

  const remove = useCallback(
    async (teamId: string) => {
      if (api === null) throw new Error('No team service');
      await api.remove(teamId);
      // A list read still on its way may predate the delete: it is dropped, not shown.
      await client.cancelQueries({ queryKey: resourceKeys.teamList() });
      client.setQueryData<readonly TeamSummary[]>(resourceKeys.teamList(), (previous) => previous?.filter((team) => team.id !== teamId));
      client.removeQueries({ queryKey: resourceKeys.team(teamId) });
      // Its activity log now joins the owner's deleted teams' (issue #24), written in the deletion's last step.
      void client.invalidateQueries({ queryKey: resourceKeys.deletedTeamLogs() });
    },
    [api, client],
  );

  if (api === null) return null;
  return { status: list.status, teams: list.data ?? NO_TEAMS, retry: list.retry, refresh: reload, create, update, remove };
}
