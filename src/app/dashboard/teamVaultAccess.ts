import type { Repositories } from '../../data/repositories';
import type { TeamAccess } from '../../features/teams';
import type { DetailsCache, TeamKeyAccess } from '../../features/vault';

export interface TeamVaultContext {
  readonly repositories: Repositories;
  readonly userId: string;
  readonly details?: DetailsCache | undefined;
}

/**
 * What the vault feature gets of a team the teams feature opened (features never import each
 * other): its key, with the one role both the view's header and its writes use.
 */
export function teamKeyAccess(teamId: string, access: TeamAccess, { repositories, userId, details }: TeamVaultContext): TeamKeyAccess {
  const { key, team, storedKeyVersion, reopen } = access;
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
}
