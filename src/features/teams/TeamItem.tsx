import { useId, type ReactNode, type Ref } from 'react';
import { ROLE_LABELS } from '@keyloft/contract/teamPermissions';
import { ActionMenu, type ActionMenuItem } from '../../ui/ActionMenu';
import { UsersIcon } from '../../ui/icons';
import type { TeamSummary } from './model';
import { isOwnedTeam, memberCountText } from './teamList';

/** The id of a team's sidebar item, so focus can return to it. */
export function viewPasswordsButtonId(teamId: string): string {
  return `team-view-passwords-${teamId}`;
}

export interface TeamItemProps {
  readonly team: TeamSummary;
  /** Absent until the team screens exist: the item is then shown disabled. */
  readonly onOpenTeam: ((teamId: string) => void) | undefined;
  readonly onManageMembers: ((teamId: string) => void) | undefined;
  readonly onEdit: (team: TeamSummary) => void;
  readonly onDelete: (team: TeamSummary) => void;
  /** The list moves focus to an item (focusable by script only) after its neighbour is deleted. */
  readonly itemRef?: Ref<HTMLLIElement>;
  /** The team's passwords are the ones on screen. */
  readonly current?: boolean;
  /** The team's entries (null until its vault has answered). */
  /** 'pending' while the team's vault has yet to answer (issue #43 item 0): no partial count. */
  readonly count?: number | 'pending' | null;
  /** Shown under the item: the team's groups while it is on screen. */
  readonly extra?: ReactNode;
}

function countText(count: number): string {
  return `${count} ${count === 1 ? 'password' : 'passwords'}`;
}

/**
 * One team in the sidebar (issue #43 item 5), like Personal Passwords: its name opens its passwords, with its count and an
 * Owner badge beside it; its actions (edit and delete for the owner, members for everyone)
 * are in a menu beside it. The description, member count and created date are in the team's header.
 */
export function TeamItem({ team, onOpenTeam, onManageMembers, onEdit, onDelete, itemRef, current = false, count = null, extra }: TeamItemProps) {
  const nameId = useId();
  const aboutId = useId();
  const owned = isOwnedTeam(team);
  const { name } = team;
  const about = [typeof count === 'number' ? countText(count) : null, memberCountText(team.memberCount), `your role: ${ROLE_LABELS[team.myRole]}`, team.needsKey ? 'needs key' : null]
    .filter((part) => part !== null)
    .join(', ');

  const items: ActionMenuItem[] = [
    ...(owned
      ? [
          { key: 'edit', label: 'Edit', ariaLabel: `Edit team ${name}`, onSelect: () => { onEdit(team); } },
          { key: 'delete', label: 'Delete', ariaLabel: `Delete team ${name}`, danger: true, onSelect: () => { onDelete(team); } },
        ]
      : []),
    ...(onManageMembers === undefined
      ? []
      : [{ key: 'members', label: 'Manage Members', ariaLabel: `Manage members of team ${name}`, onSelect: () => { onManageMembers(team.id); } }]),
  ];

  return (
    <li ref={itemRef} className={current ? 'team-item team-item--current' : 'team-item'} aria-labelledby={nameId} tabIndex={-1}>
      <div className="team-item__row">
        <button
          id={viewPasswordsButtonId(team.id)}
          type="button"
          className="team-item__open"
          aria-label={`View passwords of team ${name}`}
          aria-describedby={aboutId}
          aria-current={current ? 'page' : undefined}
          disabled={onOpenTeam === undefined}
          onClick={() => onOpenTeam?.(team.id)}
        >
          <UsersIcon />
          <span id={nameId} className="team-item__name">
            {name}
          </span>
        </button>
        {/* Beside the button, not in it: its name says what it does with the name shown (WCAG 2.5.3),
            and its description says these to a screen reader. */}
        <span className="team-item__marks" aria-hidden="true">
          {owned && <span className="team-item__badge team-item__badge--owner">Owner</span>}
          {team.needsKey && <span className="team-item__badge team-item__badge--warning">Needs Key</span>}
          {typeof count === 'number' && <span className="team-item__count">{count}</span>}
          {count === 'pending' && <span className="team-item__count team-item__count--pending" />}
        </span>
        <ActionMenu label={`Actions for team ${name}`} items={items} />
      </div>
      <span id={aboutId} className="visually-hidden">
        {about}
      </span>
      {extra}
    </li>
  );
}
