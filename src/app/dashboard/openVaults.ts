import { useEffect, useMemo } from 'react';
import type { Repositories } from '../../data/repositories';
import type { TeamAccess, TeamSummary } from '../../features/teams';
import { canOnPasswords } from '@keyloft/contract/teamPermissions';
import type { DetailsCache, OpenItemsSource, PersonalVaultDeps, VaultSession, VaultSessions } from '../../features/vault';
import { teamKeyAccess } from './teamVaultAccess';

export interface OpenVaultsInput {
  readonly sessions: VaultSessions;
  /** Null while the vault key or the data layer is not there, or under the upgrade overlay. */
  readonly personal: PersonalVaultDeps | null;
  readonly accesses: ReadonlyMap<string, TeamAccess>;
  readonly teams: readonly TeamSummary[];
  /** The team list is read (not loading or failed): a team missing from it is gone. */
  readonly teamsListed: boolean;
  /** The team list is still being read: the teams in view are not known yet. */
  readonly teamsLoading: boolean;
  readonly repositories: Repositories | null;
  readonly userId: string;
  readonly details: DetailsCache;
  /** False under the upgrade overlay: nothing is decrypted. */
  readonly enabled: boolean;
}

export interface OpenVaults {
  readonly personal: VaultSession | null;
  /** Every team whose key is open, by team id. */
  readonly teams: ReadonlyMap<string, VaultSession>;
  /** What All items lists: the personal vault first, then the teams in the sidebar's order. */
  readonly sources: readonly OpenItemsSource[];
  /** Teams whose key is still being opened: their vaults are in view but not open yet. */
  readonly openingTeams: ReadonlySet<string>;
  /**
   * Some vault in view is not open yet (the personal one, the team list, a team's key): until it
   * opens and answers, All items and the counts are incomplete (issue #43).
   */
  readonly opening: boolean;
}

/**
 * Every vault the user can open, opened once per unlock (issue #21): All items lists them all, the
 * sidebar counts them, and switching to one shows it without decrypting it again.
 */
export function useOpenVaults({ sessions, personal, accesses, teams, teamsListed, teamsLoading, repositories, userId, details, enabled }: OpenVaultsInput): OpenVaults {
  const personalSession = useMemo(() => (enabled && personal !== null ? sessions.sessionFor(personal) : null), [enabled, personal, sessions]);
  const teamSessions = useMemo(() => {
    const open = new Map<string, VaultSession>();
    if (!enabled || repositories === null) return open;
    for (const [teamId, access] of accesses) {
      const keyAccess = teamKeyAccess(teamId, access, { repositories, userId, details });
      if (keyAccess.status === 'open') open.set(teamId, sessions.sessionFor(keyAccess.deps));
    }
    return open;
  }, [enabled, repositories, accesses, userId, details, sessions]);

  useEffect(() => {
    personalSession?.start();
    for (const session of teamSessions.values()) session.start();
  }, [personalSession, teamSessions]);

  // A team the user is no longer in (left, removed, deleted) takes its decrypted entries with it.
  const listed = useMemo(() => new Set(teams.map((team) => team.id)), [teams]);
  useEffect(() => {
    if (teamsListed) sessions.retainTeams(listed);
  }, [sessions, listed, teamsListed]);

  const sources = useMemo(() => {
    const list: OpenItemsSource[] = [];
    if (personalSession !== null) {
      list.push({ key: 'personal', label: 'Personal', canCreate: true, canEdit: true, canDelete: true, session: personalSession });
    }
    for (const team of teams) {
      const session = teamSessions.get(team.id);
      const role = accesses.get(team.id)?.team.role;
      if (session === undefined || role === undefined) continue;
      list.push({
        key: `team/${team.id}`,
        label: team.name,
        canCreate: canOnPasswords(role, 'create'),
        canEdit: canOnPasswords(role, 'edit'),
        canDelete: canOnPasswords(role, 'delete'),
        session,
      });
    }
    return list;
  }, [personalSession, teamSessions, teams, accesses]);

  const openingTeams = useMemo(() => new Set([...accesses].filter(([, access]) => access.key.status === 'opening').map(([teamId]) => teamId)), [accesses]);
  const opening = enabled && (personalSession === null || teamsLoading || openingTeams.size > 0);

  return { personal: personalSession, teams: teamSessions, sources, openingTeams, opening };
}
