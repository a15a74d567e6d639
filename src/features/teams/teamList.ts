import type { TeamSummary } from './model';
import { countOf } from '../../ui/format';

// Pure rules of the team list (SPEC.md §2 "Team list").

export const TEAM_LIST_TEXTS = {
  noMatches: 'No teams match your search.',
  noOwnedTeams: 'No teams yet. Create your first team!',
  // The spec gives no text for an empty 'Joined Teams'.
  noJoinedTeams: 'You have not joined any teams yet. Invitations you accept appear here.',
  loadFailed: 'Failed to load teams/passwords',
  loading: 'Loading your teams…',
  // The spec names none of the texts below (issue #41 items 3 and 7, issue #42).
  fromDevice: "The server can't be reached: your teams are listed as this device last saw them.",
  dismiss: 'Dismiss',
} as const;

/** Said once after the device copy dropped the vaults of teams the user no longer belongs to. */
export function leftTeamsText(names: readonly (string | null)[]): string {
  // A team whose name the device copy did not have.
  const quoted = names.map((name) => (name === null ? 'a team' : `"${name}"`));
  const listed = quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}`;
  const its = names.length === 1 ? 'Its' : 'Their';
  return `You are no longer a member of ${listed}. ${its} passwords were removed from this device.`;
}

/** A team of the list whose stored document is damaged. */
export function flaggedTeamText(name: string | null, problem: string): string {
  return `Damaged team${name === null ? '' : ` "${name}"`}: its stored document is damaged (${problem}); it cannot be opened.`;
}

export function isOwnedTeam(team: TeamSummary): boolean {
  return team.myRole === 'owner';
}

/** 'My Teams' are the teams the user owns; 'Joined Teams' all the others. Order is kept. */
export function splitTeams(teams: readonly TeamSummary[]): {
  readonly owned: readonly TeamSummary[];
  readonly joined: readonly TeamSummary[];
} {
  const owned: TeamSummary[] = [];
  const joined: TeamSummary[] = [];
  for (const team of teams) (isOwnedTeam(team) ? owned : joined).push(team);
  return { owned, joined };
}

function normalise(text: string): string {
  // toLowerCase, not toLocaleLowerCase: the same match whatever the user's locale.
  return text.toLowerCase();
}

/** The teams whose name or description contains the trimmed query, case-insensitive; all for a blank query. */
export function filterTeams(teams: readonly TeamSummary[], query: string): readonly TeamSummary[] {
  const needle = normalise(query.trim());
  if (needle === '') return teams;
  return teams.filter(
    (team) => normalise(team.name).includes(needle) || (team.description !== null && normalise(team.description).includes(needle)),
  );
}

export function memberCountText(count: number): string {
  return countOf(count, 'member');
}

/** The team to move focus to once `removedId` has gone: the next one shown, else the previous, else none. */
export function neighbourAfterRemoval(shown: readonly TeamSummary[], removedId: string): string | null {
  const index = shown.findIndex((team) => team.id === removedId);
  if (index === -1) return null;
  return shown[index + 1]?.id ?? shown[index - 1]?.id ?? null;
}

export const DELETE_TEAM_MESSAGES = {
  title: 'Delete Team',
  // SPEC.md §8 names no message for a failed team deletion; this follows 'Failed to save team'.
  failed: 'Failed to delete team',
} as const;

/** The 'Delete Team' confirmation's text: it warns that the team's passwords go too (SPEC.md §2). */
export function deleteTeamWarning(name: string): string {
  return `Are you sure you want to delete "${name}"? All passwords in this team will be permanently deleted.`;
}
