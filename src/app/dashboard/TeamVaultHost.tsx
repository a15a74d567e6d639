import { useMemo } from 'react';
import type { Repositories } from '../../data/repositories';
import { ActivityLogAction } from '../../features/activity';
import { activityServicesOf } from './activityServices';
import { useTeamAccess, type TeamSummary, type UserKeys } from '../../features/teams';
import { TeamPasswordsView, type DetailsCache, type VaultTransfer } from '../../features/vault';
import { Button } from '../../ui/Button';
import { useTeamVaultNames } from './teamVaultNames';
import { teamKeyAccess } from './teamVaultAccess';

// The composition behind a team in the sidebar: the teams feature opens the
// team (useTeamAccess, on the cache entry the dashboard's useTeamAccesses keeps open), the vault
// feature's team view gets its key and the one role both its header and its writes use; owners and
// admins get the team's activity log in its header, naming only what the open vault holds decrypted,
// beside Manage Members (where a member also leaves the team).

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
  /** The group the sidebar chose ('' for all), and the way back to it. */
  readonly group?: string;
  readonly onGroupChange?: (group: string) => void;
  /** 'Manage Members' in the team's header (absent while there is no members service). */
  readonly onManageMembers?: ((teamId: string) => void) | undefined;
}

export function TeamVaultHost({ teamId, summary, repositories, keys, userId, details, transfer, group, onGroupChange, onManageMembers }: TeamVaultHostProps) {
  const access = useTeamAccess({ teams: repositories.teams, teamId, userId, keys, summary });
  const viewAccess = useMemo(() => teamKeyAccess(teamId, access, { repositories, userId, details }), [teamId, access, repositories, userId, details]);
  const activity = useMemo(() => activityServicesOf(repositories), [repositories]);
  const names = useTeamVaultNames(teamId);
  return (
    <TeamPasswordsView
      team={summary === undefined ? access.team : { ...access.team, description: summary.description, createdAt: summary.createdAt }}
      access={viewAccess}
      teamActions={
        <>
          {onManageMembers !== undefined && (
            <Button
              variant="secondary"
              size="sm"
              aria-haspopup="dialog"
              aria-label={`Manage members of team ${access.team.name}`}
              onClick={() => {
                onManageMembers(teamId);
              }}
            >
              Manage Members
            </Button>
          )}
          <ActivityLogAction teamId={teamId} teamName={access.team.name} role={access.team.role} services={activity} names={names} />
        </>
      }
      {...(transfer === undefined ? {} : { transfer })}
      {...(group === undefined ? {} : { group })}
      {...(onGroupChange === undefined ? {} : { onGroupChange })}
    />
  );
}
