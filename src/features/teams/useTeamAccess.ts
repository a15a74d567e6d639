import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { openPreviousTeamKey, type TeamKey } from '../../crypto';
import type { StoredTeam, TeamRepository } from '../../data/teams/storedTeams';
import type { TeamRole } from '@keyloft/contract/teamPermissions';
import { resourceKeys } from '../../session/serverState/keys';
import type { TeamSummary } from './model';
import { openTeamKey, TEAM_KEY_MESSAGES, TeamKeyError, type UserKeys } from './teamKeys';

/** The team as its password view shows it, with the user's one role in it. */
export interface AccessTeam {
  readonly name: string;
  readonly memberCount: number;
  readonly role: TeamRole;
}

export type TeamKeyState =
  | { readonly status: 'opening' }
  /** A member without a wrapped key yet ('Needs Key'). */
  | { readonly status: 'needsKey' }
  | { readonly status: 'unavailable'; readonly message: string }
  | {
      readonly status: 'open';
      readonly key: TeamKey;
      readonly keyVersion: number;
      /** During a rotation: the key of keyVersion − 1 (null if it could not be opened: those entries show as undecryptable). */
      readonly previousKey: TeamKey | null;
    };

export interface TeamAccess {
  /** As read now; until then as the list showed it. The role here is the only one: the view and its writes both use it. */
  readonly team: AccessTeam;
  readonly key: TeamKeyState;
  /**
   * The key version the team's saves must be at now (null: no team), for telling a refused write
   * from a rotation: the stored one, or the next while a departure awaits its rotation (the rules
   * refuse saves until then, docs/teams.md "The removal window").
   */
  readonly storedKeyVersion: () => Promise<number | null>;
  /** A write found the key changed (a rotation): the team is read and its key opened again. */
  readonly reopen: () => void;
}

export interface TeamAccessInput {
  readonly teams: TeamRepository;
  readonly teamId: string;
  readonly userId: string;
  readonly keys: UserKeys | null;
  /** The team as the list showed it. */
  readonly summary: TeamSummary | undefined;
}

/** What storedKeyVersion answers for a team as read (null: none). */
export function savesKeyVersion(team: Pick<StoredTeam, 'keyVersion' | 'rotationNeeded'> | null): number | null {
  if (team === null) return null;
  return team.rotationNeeded ? team.keyVersion + 1 : team.keyVersion;
}

type Opened = { readonly team: AccessTeam | null; readonly key: Exclude<TeamKeyState, { status: 'opening' }> };

async function openAccess({ teams, teamId, userId, keys }: Omit<TeamAccessInput, 'summary'>): Promise<Opened> {
  const stored = await teams.get(teamId).catch((error: unknown) => {
    console.error('Could not read the team', error);
    return null;
  });
  const member = stored?.members[userId];
  if (stored === null || member === undefined) {
    return { team: null, key: { status: 'unavailable', message: TEAM_KEY_MESSAGES.notAvailable } };
  }
  const team = { name: stored.name, memberCount: Object.keys(stored.members).length, role: member.role };
  if (member.needsTeamKey || member.encryptedTeamKey === null) return { team, key: { status: 'needsKey' } };
  let key: TeamKey;
  try {
    key = await openTeamKey(stored, teamId, userId, keys);
  } catch (error) {
    console.error('Could not open the team key', error);
    return { team, key: { status: 'unavailable', message: error instanceof TeamKeyError ? error.message : TEAM_KEY_MESSAGES.notAvailable } };
  }
  // During a rotation the previous key is sealed under the current one: entries not yet
  // re-encrypted still open. If it cannot be opened they are shown as undecryptable.
  let previousKey: TeamKey | null = null;
  if (stored.previousKey !== null) {
    previousKey = await openPreviousTeamKey(stored.previousKey.sealed, key, { teamId, keyVersion: stored.previousKey.version }).catch(
      (error: unknown) => {
        console.error('Could not open the previous team key', error);
        return null;
      },
    );
  }
  return { team, key: { status: 'open', key, keyVersion: stored.keyVersion, previousKey } };
}

/**
 * 'View Passwords' of one team (`resourceKeys.teamAccess`): the team read again (its role and key
 * version may have changed since the list was loaded), its key and previous key opened. Team keys
 * are held only while the view is shown (gcTime 0) and go with the session's cache on lock.
 */
export function useTeamAccess(input: TeamAccessInput): TeamAccess {
  const { teams, teamId, summary } = input;
  const client = useQueryClient();
  const query = useQuery({
    queryKey: resourceKeys.teamAccess(teamId),
    queryFn: () => openAccess(input),
    gcTime: 0,
    structuralSharing: false,
  });
  const reopen = useCallback(() => {
    void client.invalidateQueries({ queryKey: resourceKeys.teamAccess(teamId) });
  }, [client, teamId]);
  const storedKeyVersion = useCallback(async () => savesKeyVersion(await teams.get(teamId)), [teams, teamId]);
  const fallback = useMemo<AccessTeam>(
    () => ({ name: summary?.name ?? 'Team', memberCount: summary?.memberCount ?? 0, role: summary?.myRole ?? 'view' }),
    [summary],
  );
  const opened = query.data;
  return useMemo(
    () => ({ team: opened?.team ?? fallback, key: opened?.key ?? { status: 'opening' }, storedKeyVersion, reopen }),
    [opened, fallback, storedKeyVersion, reopen],
  );
}

export interface TeamAccessesInput {
  /** Null while the data layer loads: nothing is opened. */
  readonly teams: TeamRepository | null;
  readonly userId: string;
  readonly keys: UserKeys | null;
  /** The teams as the list shows them; those that need a key are not opened. */
  readonly list: readonly TeamSummary[];
}

function fallbackTeam(summary: TeamSummary): AccessTeam {
  return { name: summary.name, memberCount: summary.memberCount, role: summary.myRole };
}

/**
 * Every listed team opened at once (issue #21: All items searches every team the user holds a key
 * for), on the same cache entries as useTeamAccess, so the team's own view finds its key open.
 * Mounted for as long as the vault is unlocked: the keys are opened once, not again on each visit.
 */
export function useTeamAccesses({ teams, userId, keys, list }: TeamAccessesInput): ReadonlyMap<string, TeamAccess> {
  const client = useQueryClient();
  const openable = useMemo(() => (teams === null ? [] : list.filter((team) => !team.needsKey)), [teams, list]);
  // combine: one array, kept while no result changes (so the map below is rebuilt only then).
  const opened = useQueries({
    queries: openable.map((summary) => ({
      queryKey: resourceKeys.teamAccess(summary.id),
      queryFn: () => (teams === null ? Promise.reject(new Error('No team repository')) : openAccess({ teams, teamId: summary.id, userId, keys })),
      gcTime: 0,
      structuralSharing: false,
    })),
    combine: (results) => results.map((result) => result.data),
  });
  return useMemo(() => {
    const map = new Map<string, TeamAccess>();
    openable.forEach((summary, index) => {
      const teamId = summary.id;
      const found = opened[index];
      map.set(teamId, {
        team: found?.team ?? fallbackTeam(summary),
        key: found?.key ?? { status: 'opening' },
        storedKeyVersion: async () => (teams === null ? null : savesKeyVersion(await teams.get(teamId))),
        reopen: () => {
          void client.invalidateQueries({ queryKey: resourceKeys.teamAccess(teamId) });
        },
      });
    });
    return map;
  }, [openable, opened, teams, client]);
}
