import { useMemo } from 'react';
import type { Repositories } from '../../data/repositories';
import { useTeamAccess, type TeamSummary, type UserKeys } from '../../features/teams';
import { TeamPasswordsView, type DetailsCache, type TeamKeyAccess, type VaultTransfer } from '../../features/vault';

// The composition behind 'View Passwords': the teams feature opens the team (useTeamAccess), the
// vault feature's team view gets its key and the one role both its header and its writes use.

export interface TeamVaultHostProps {
  readonly teamId: string;
  /** The team as the list showed it: the header until the team is read again. */
  readonly summary: TeamSummary | undefined;
  readonly repositories: Repositories;
  readonly keys: UserKeys | null;
  readonly userId: string;
  /** Where opened entry details are kept; the dashboard clears it when the session forgets the keys. */
  readonly details?: DetailsCache;
  /** Import and export (issue #20). */
  readonly transfer?: VaultTransfer;
  readonly onBack: () => void;
}

export function TeamVaultHost({ teamId, summary, repositories, keys, userId, details, transfer, onBack }: TeamVaultHostProps) {
  const access = useTeamAccess({ teams: repositories.teams, teamId, userId, keys, summary });
  const { team, key, storedKeyVersion, reopen } = access;
  const viewAccess = useMemo((): TeamKeyAccess => {
    if (key.status !== 'open') return key;
    return {
      status: 'open',
      deps: {
        passwords: repositories.passwords,
        groups: repositories.groups,
        userId,
        team: { teamId, key: key.key, keyVersion: key.keyVersion, role: team.role, previousKey: key.previousKey, storedKeyVersion, onKeyChanged: reopen },
        ...(details === undefined ? {} : { details }),
        now: () => Date.now(),
      },
    };
  }, [key, team.role, repositories, userId, teamId, details, storedKeyVersion, reopen]);
  return <TeamPasswordsView team={team} access={viewAccess} onBack={onBack} {...(transfer === undefined ? {} : { transfer })} />;
}
