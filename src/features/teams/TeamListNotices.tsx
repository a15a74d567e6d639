import { Button } from '../../ui/Button';
import { flaggedTeamText, leftTeamsText, TEAM_LIST_TEXTS } from './teamList';
import type { TeamsController } from './useTeams';
import './teams.css';

export interface TeamListNoticesProps {
  /** From useTeams; null while there is no team service. */
  readonly teams: TeamsController | null;
}

/**
 * What the team list says besides its teams: that it is the device copy's (issue #42), which
 * teams left the device (issue #41 item 3, once, until dismissed) and which teams are damaged
 * (issue #41 item 7: flagged, the others listed).
 */
export function TeamListNotices({ teams }: TeamListNoticesProps) {
  if (teams === null || teams.status !== 'ready') return null;
  const { fromDevice, left, flagged, dismissLeft } = teams;
  if (!fromDevice && left.length === 0 && flagged.length === 0) return null;
  return (
    <div className="team-notices">
      {fromDevice && (
        <p role="status" className="notice notice--warning team-notices__item">
          {TEAM_LIST_TEXTS.fromDevice}
        </p>
      )}
      {left.length > 0 && (
        <div role="status" className="notice team-notices__item team-notices__left">
          <p>{leftTeamsText(left)}</p>
          <Button variant="secondary" onClick={dismissLeft}>
            {TEAM_LIST_TEXTS.dismiss}
          </Button>
        </div>
      )}
      {flagged.length > 0 && (
        <ul aria-label="Damaged teams" className="team-notices__item team-notices__flagged">
          {flagged.map((team) => (
            <li key={team.id} className="notice notice--warning">
              {flaggedTeamText(team.name, team.problem)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
