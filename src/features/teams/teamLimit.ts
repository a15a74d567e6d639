import { canCreateTeam, teamLimit } from '@keyloft/contract/subscription';
import { countOf, formatCount } from '../../ui/format';

// SPEC.md §9: teams are limited per plan, counted as teams owned.

export const TEAM_LIMIT_TITLE = 'Team Creation Limit Reached';

/** The limit the user has reached on `planId` (the effective plan), or null when they may create a team. */
export function reachedTeamLimit(planId: string, ownedTeams: number): number | null {
  return canCreateTeam(planId, ownedTeams) ? null : teamLimit(planId);
}

export function teamLimitText(limit: number, ownedTeams: number): string {
  return `Your plan allows you to own up to ${countOf(limit, 'team')}, and you own ${formatCount(ownedTeams)}. Delete a team you no longer need, or upgrade your plan to create more.`;
}
