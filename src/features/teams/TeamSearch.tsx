import { TextField } from '../../ui/TextField';
import type { TeamSummary } from './model';
import { filterTeams } from './teamList';
import './teams.css';

/**
 * From how many teams the sidebar offers a team search (issue #43 item 6): below it every team is
 * in view at once, and a second search box beside the passwords' only confuses.
 */
export const TEAM_SEARCH_FROM = 8;

export function offersTeamSearch(teams: readonly TeamSummary[]): boolean {
  return teams.length >= TEAM_SEARCH_FROM;
}

export interface TeamSearchProps {
  readonly teams: readonly TeamSummary[];
  readonly query: string;
  readonly onQuery: (query: string) => void;
}

/** One search over My Teams and Joined Teams (SPEC.md §2 "Team list": name or description). */
export function TeamSearch({ teams, query, onQuery }: TeamSearchProps) {
  const matches = filterTeams(teams, query).length;
  const status = query.trim() === '' ? '' : `${matches} ${matches === 1 ? 'team matches' : 'teams match'} your search.`;
  return (
    <div className="team-search">
      <TextField
        label="Search teams"
        className="team-list__search"
        type="search"
        value={query}
        onChange={(event) => {
          onQuery(event.target.value);
        }}
        autoComplete="off"
      />
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </div>
  );
}
