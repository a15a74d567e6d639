import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TeamSummary } from './model';
import { DeleteTeamDialog } from './DeleteTeamDialog';
import { filterTeams, neighbourAfterRemoval, TEAM_LIST_TEXTS } from './teamList';
import { TeamItem } from './TeamItem';
import './teams.css';

export interface TeamListProps {
  readonly teams: readonly TeamSummary[];
  /** Accessible name of the list, e.g. 'My teams'. */
  readonly label: string;
  /** Shown when there are no teams at all. */
  readonly emptyText: string;
  /** The sidebar's team search (SPEC.md §2 "Team list"); blank: every team. */
  readonly query?: string;
  readonly onOpenTeam?: ((teamId: string) => void) | undefined;
  readonly onManageMembers?: ((teamId: string) => void) | undefined;
  /** Owner only; the item offers edit and delete for the teams the user owns. */
  readonly onEdit: (team: TeamSummary) => void;
  readonly onDelete: (teamId: string) => Promise<void>;
  /** The team whose passwords are on screen. */
  readonly currentTeamId?: string | null | undefined;
  /** Each team's entries (null until its vault has answered). */
  readonly countOf?: ((team: TeamSummary) => number | 'pending' | null) | undefined;
  /** What the sidebar shows under each team (its groups while on screen). */
  readonly renderExtra?: ((team: TeamSummary) => ReactNode) | undefined;
}

/** A list of teams (SPEC.md §2 "Team list") filtered by the search, with the 'Delete Team' confirmation. */
export function TeamList({ teams, label, emptyText, query = '', onOpenTeam, onManageMembers, onEdit, onDelete, currentTeamId = null, countOf, renderExtra }: TeamListProps) {
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const [deleting, setDeleting] = useState<TeamSummary | null>(null);
  // Where focus goes once a deleted team's item (and the menu that opened the dialog) is gone:
  // the next team shown, else the previous, else the empty text.
  const focusAfterDelete = useRef<{ readonly teamId: string | null } | null>(null);

  const shown = useMemo(() => filterTeams(teams, query), [teams, query]);

  // Runs after the dialog has closed (its own clean-up finds its opener gone and leaves focus alone).
  useEffect(() => {
    const pending = focusAfterDelete.current;
    if (pending === null || deleting !== null) return;
    const target = (pending.teamId === null ? undefined : itemRefs.current.get(pending.teamId)) ?? emptyRef.current;
    // The list may still show the deleted team until its next read: try again on the next render.
    if (target === null) return;
    focusAfterDelete.current = null;
    target.focus();
  });

  async function confirmDelete(team: TeamSummary) {
    const neighbour = neighbourAfterRemoval(shown, team.id);
    await onDelete(team.id);
    focusAfterDelete.current = { teamId: neighbour };
  }

  return (
    <div className="team-list">
      {teams.length === 0 ? (
        <p ref={emptyRef} tabIndex={-1} className="team-list__empty">
          {emptyText}
        </p>
      ) : shown.length === 0 ? (
        <p ref={emptyRef} tabIndex={-1} className="team-list__empty">
          {TEAM_LIST_TEXTS.noMatches}
        </p>
      ) : (
        <ul role="list" aria-label={label} className="team-list__items">
          {shown.map((team) => (
            <TeamItem
              key={team.id}
              team={team}
              onOpenTeam={onOpenTeam}
              onManageMembers={onManageMembers}
              onEdit={onEdit}
              onDelete={setDeleting}
              current={team.id === currentTeamId}
              count={countOf?.(team) ?? null}
              extra={renderExtra?.(team)}
              itemRef={(element) => {
                if (element === null) itemRefs.current.delete(team.id);
                else itemRefs.current.set(team.id, element);
              }}
            />
          ))}
        </ul>
      )}
      {deleting !== null && (
        <DeleteTeamDialog
          team={deleting}
          onConfirm={confirmDelete}
          onCancel={() => {
            setDeleting(null);
          }}
          onDeleted={() => {
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
