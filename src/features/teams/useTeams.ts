import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { resourceKeys } from '../../session/serverState/keys';
import { type ResourceStatus, useResource } from '../../session/serverState/useResource';
import type { FlaggedTeam, TeamDraft, TeamSummary, TeamsApi, TeamsListing } from './model';
import { TEAM_LIST_TEXTS } from './teamList';

export type TeamsLoadStatus = ResourceStatus;

export interface TeamsController {
  readonly status: TeamsLoadStatus;
  /** The last list loaded; kept while a reload runs. */
  readonly teams: readonly TeamSummary[];
  /** The teams of the list whose stored document is damaged (issue #41 item 7). */
  readonly flagged: readonly FlaggedTeam[];
  /** The list shown is the device copy's: the server was out of reach, and it is read again until it answers. */
  readonly fromDevice: boolean;
  /** Teams dropped from the device copy since the user last dismissed the notice (TeamsListing.left). */
  readonly left: readonly (string | null)[];
  readonly dismissLeft: () => void;
  readonly retry: () => void;
  /** Reads the list again in the background (after a member change), keeping the one shown meanwhile. */
  readonly refresh: () => Promise<void>;
  /** Rejects when the save fails; a failed reload afterwards shows as a load failure instead. */
  readonly create: (draft: TeamDraft) => Promise<void>;
  readonly update: (teamId: string, draft: TeamDraft) => Promise<void>;
  readonly remove: (teamId: string) => Promise<void>;
}

const NO_TEAMS: readonly TeamSummary[] = [];
const NO_FLAGS: readonly FlaggedTeam[] = [];

/**
 * A list the device copy answered is read again this long after (issue #42): the server was out of
 * reach for one read (under load, right after an ID-token refresh, the SDK says 'unavailable' for a
 * moment), and nothing else would read the list again once it is back. About the SDK's own
 * reconnection backoff (serverReads.ts).
 */
export const FROM_DEVICE_READ_AGAIN_MS = 2_000;

/**
 * The user's teams for both dashboard sections: one list (`resourceKeys.teamList`), read again
 * after a create or an edit (the service knows the new id and the order); a delete removes the
 * team from the list held, and every other read of that team goes stale. null while there is no
 * team service.
 */
export function useTeams(api: TeamsApi | null): TeamsController | null {
  const client = useQueryClient();
  const list = useResource<TeamsListing>({
    key: resourceKeys.teamList(),
    read: api === null ? null : () => api.list(),
    failure: TEAM_LIST_TEXTS.loadFailed,
    readAgainAfter: (listing) => (listing.fromDevice ? FROM_DEVICE_READ_AGAIN_MS : false),
  });
  const { reload } = list;

  // Each answer names the teams it dropped once: gathered here until dismissed, so a later read
  // (which names none) does not take the notice away before it was seen. A team this user deleted
  // here is not news to them.
  const [deleted] = useState(() => new Set<string>());
  const [left, setLeft] = useState<{ readonly from: TeamsListing | undefined; readonly names: readonly (string | null)[] }>({ from: undefined, names: [] });
  if (list.data !== left.from) {
    const news = (list.data?.left ?? []).filter((team) => !deleted.has(team.id)).map((team) => team.name);
    setLeft({ from: list.data, names: [...left.names, ...news] });
  }
  const dismissLeft = useCallback(() => {
    setLeft((shown) => ({ from: shown.from, names: [] }));
  }, []);

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
      deleted.add(teamId);
      await api.remove(teamId);
      // A list read still on its way may predate the delete: it is dropped, not shown.
      await client.cancelQueries({ queryKey: resourceKeys.teamList() });
      client.setQueryData<TeamsListing>(resourceKeys.teamList(), (previous) =>
        previous === undefined ? undefined : { ...previous, teams: previous.teams.filter((team) => team.id !== teamId), left: [] },
      );
      client.removeQueries({ queryKey: resourceKeys.team(teamId) });
      // Its activity log now joins the owner's deleted teams' (issue #24), written in the deletion's last step.
      void client.invalidateQueries({ queryKey: resourceKeys.deletedTeamLogs() });
    },
    [api, client, deleted],
  );

  if (api === null) return null;
  return {
    status: list.status,
    teams: list.data?.teams ?? NO_TEAMS,
    flagged: list.data?.flagged ?? NO_FLAGS,
    fromDevice: list.data?.fromDevice ?? false,
    left: left.names,
    dismissLeft,
    retry: list.retry,
    refresh: reload,
    create,
    update,
    remove,
  };
}
