import { useCallback, useEffect, useRef, useState } from 'react';
import type { TeamDraft, TeamSummary, TeamsApi } from './model';
import { TEAM_LIST_TEXTS } from './teamList';

export type TeamsLoadStatus = 'loading' | 'ready' | 'failed';

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

interface State {
  readonly status: TeamsLoadStatus;
  readonly teams: readonly TeamSummary[];
}

/**
 * The user's teams for both dashboard sections: one list, loaded once and reloaded after a create
 * or an edit (the service knows the new id and the order); a delete removes the team locally.
 * null while there is no team service.
 */
export function useTeams(api: TeamsApi | null): TeamsController | null {
  const [state, setState] = useState<State>({ status: 'loading', teams: [] });
  // Each list request takes a number; only the latest may set the state, so a slow, older answer
  // can neither overwrite a newer list nor bring back a team deleted meanwhile.
  const latest = useRef(0);

  const [attempt, setAttempt] = useState(0);

  /** Lists the teams; resolves once the state holds the answer (or the failure), never rejects. */
  const load = useCallback((): Promise<void> => {
    if (api === null) return Promise.resolve();
    latest.current += 1;
    const request = latest.current;
    return api.list().then(
      (teams) => {
        if (request === latest.current) setState({ status: 'ready', teams });
      },
      (error: unknown) => {
        console.error(TEAM_LIST_TEXTS.loadFailed, error);
        if (request === latest.current) setState((previous) => ({ ...previous, status: 'failed' }));
      },
    );
  }, [api]);

  useEffect(() => {
    void load();
    return () => {
      latest.current += 1;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, status: 'loading' }));
    setAttempt((count) => count + 1);
  }, []);

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
      latest.current += 1;
      setState((previous) => ({ ...previous, teams: previous.teams.filter((team) => team.id !== teamId) }));
    },
    [api],
  );

  if (api === null) return null;
  return { status: state.status, teams: state.teams, retry, refresh: load, create, update, remove };
}
