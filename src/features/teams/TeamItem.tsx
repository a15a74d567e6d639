import { useId, type ReactNode, type Ref } from 'react';
import { ROLE_LABELS } from '@keyloft/contract/teamPermissions';
import { Button } from '../../ui/Button';
import { DateStamp } from '../../ui/DateStamp';
import type { TeamSummary } from './model';
import { isOwnedTeam, memberCountText } from './teamList';

/** The id of a team's 'View Passwords' button, so focus can return to it from the team's view. */
export function viewPasswordsButtonId(teamId: string): string {
  return `team-view-passwords-${teamId}`;
}

export interface TeamItemProps {
  readonly team: TeamSummary;
  /** Absent until the team screens exist: the button is then shown disabled. */
  readonly onOpenTeam: ((teamId: string) => void) | undefined;
  readonly onManageMembers: ((teamId: string) => void) | undefined;
  readonly onEdit: (team: TeamSummary) => void;
  readonly onDelete: (team: TeamSummary) => void;
  /** The list moves focus to an item (focusable by script only) after its neighbour is deleted. */
  readonly itemRef?: Ref<HTMLLIElement>;
  /** The team's passwords are the ones on screen (the vault screen's sidebar). */
  readonly current?: boolean;
  /** Shown under the team's actions: the sidebar's count and groups of the team on screen. */
  readonly extra?: ReactNode;
}

/** One team: name, description, member count, Owner badge, created date and its actions. */
export function TeamItem({ team, onOpenTeam, onManageMembers, onEdit, onDelete, itemRef, current = false, extra }: TeamItemProps) {
  const nameId = useId();
  const owned = isOwnedTeam(team);
  const { name } = team;

  return (
    <li ref={itemRef} className={current ? 'team-item team-item--current' : 'team-item'} aria-labelledby={nameId} tabIndex={-1}>
      <div className="team-item__head">
        <h3 id={nameId} className="team-item__name">
          {name}
        </h3>
        {owned ? (
          <span className="team-item__badge team-item__badge--owner">Owner</span>
        ) : (
          <span className="team-item__badge">
            <span className="visually-hidden">Your role: </span>
            {ROLE_LABELS[team.myRole]}
          </span>
        )}
        {team.needsKey && (
          <span className="team-item__badge team-item__badge--warning">
            Needs Key
          </span>
        )}
        {owned && (
          <div className="team-item__owner-actions">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit team ${name}`}
              onClick={() => {
                onEdit(team);
              }}
            >
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete team ${name}`}
              onClick={() => {
                onDelete(team);
              }}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      {team.description !== null && team.description !== '' && <p className="team-item__description">{team.description}</p>}
      {team.needsKey && (
        <p className="team-item__note">An owner or admin has to grant you access before you can open this team’s passwords.</p>
      )}
      <p className="team-item__meta">
        <span>{memberCountText(team.memberCount)}</span>
        <DateStamp label="Created" style="medium" unknownText="Created: unknown" epochMs={team.createdAt} />
      </p>
      <div className="team-item__actions">
        <Button
          id={viewPasswordsButtonId(team.id)}
          variant="secondary"
          size="sm"
          aria-label={`View passwords of team ${name}`}
          disabled={onOpenTeam === undefined}
          aria-current={current ? 'page' : undefined}
          onClick={() => onOpenTeam?.(team.id)}
        >
          View Passwords
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Manage members of team ${name}`}
          disabled={onManageMembers === undefined}
          onClick={() => onManageMembers?.(team.id)}
        >
          Manage Members
        </Button>
      </div>
      {extra}
    </li>
  );
}
