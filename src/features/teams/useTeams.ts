import { useCallback, useMemo } from 'react';
import { type LatestLoadStatus, useLatestLoad } from '../../ui/useLatestLoad';
import type { TeamDraft, TeamSummary, TeamsApi } from './model';
import { TEAM_LIST_TEXTS } from './teamList';

export type TeamsLoadStatus = LatestLoadStatus;

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

/**
 * The user's teams for both dashboard sections: one list, loaded once and reloaded after a create
 * or an edit (the service knows the new id and the order); a delete removes the team locally.
 * null while there is no team service.
 */
export function useTeams(api: TeamsApi | null): TeamsController | null {
  const fetchTeams = useMemo(() => (api === null ? null : () => api.list()), [api]);
  // Only the latest list request may set the state, so a slow, older answer can neither overwrite
  // a newer list nor bring back a team deleted meanwhile.
  const {
    status,
    items: teams,
    retry,
    reload: load,
    replace,
  } = useLatestLoad(fetchTeams, {
    onError: (error) => {
      console.error(TEAM_LIST_TEXTS.loadFailed, error);
    },
  });

  const create = useCallback(
    async (draft: TeamDraft) => {
      if (api === null) throw new Error('No team service');
      await api.create(draft);
      await load();
    },
    [api, load],
  );

  const update = useCallback(
    async (teamId: string, draft: TeamDraft) => {
      if (api === null) throw new Error('No team service');
      await api.update(teamId, draft);
      await load();
    },
    [api, load],
  );

  const remove = useCallback(
    async (teamId: string) => {
      if (api === null) throw new Error('No team service');
      await api.remove(teamId);
      replace((previous) => previous.filter((team) => team.id !== teamId));
    },
    [api, replace],
  );

  if (api === null) return null;
  return { status, teams, retry, refresh: load, create, update, remove };
}
