import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TeamSummary } from './model';
import { DeleteTeamDialog } from './DeleteTeamDialog';
import { filterTeams, neighbourAfterRemoval, TEAM_LIST_TEXTS } from './teamList';
import { TeamItem } from './TeamItem';
import './teams.css';
import { TextField } from '../../ui/TextField';

export interface TeamListProps {
  readonly teams: readonly TeamSummary[];
  /** Accessible name of the list and its search box, e.g. 'My teams'. */
  readonly label: string;
  /** Shown when there are no teams at all. */
  readonly emptyText: string;
  readonly onOpenTeam?: ((teamId: string) => void) | undefined;
  readonly onManageMembers?: ((teamId: string) => void) | undefined;
  /** Owner only; the item shows edit and delete for the teams the user owns. */
  readonly onEdit: (team: TeamSummary) => void;
  readonly onDelete: (teamId: string) => Promise<void>;
  /** The team whose passwords are on screen, and what the sidebar shows under it. */
  readonly currentTeamId?: string | null | undefined;
  readonly renderExtra?: ((team: TeamSummary) => ReactNode) | undefined;
}

/** A searchable list of teams (SPEC.md §2 "Team list"), with the 'Delete Team' confirmation. */
export function TeamList({ teams, label, emptyText, onOpenTeam, onManageMembers, onEdit, onDelete, currentTeamId = null, renderExtra }: TeamListProps) {
  const listId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<TeamSummary | null>(null);
  // Where focus goes once a deleted team's item (and the button that opened the dialog) is gone:
  // the next team shown, else the previous, else the search box.
  const focusAfterDelete = useRef<{ readonly teamId: string | null } | null>(null);

  const shown = useMemo(() => filterTeams(teams, query), [teams, query]);
  const searching = query.trim() !== '';

  // Runs after the dialog has closed (its own clean-up finds its opener gone and leaves focus alone).
  useEffect(() => {
    const pending = focusAfterDelete.current;
    if (pending === null || deleting !== null) return;
    focusAfterDelete.current = null;
    const target = pending.teamId === null ? undefined : itemRefs.current.get(pending.teamId);
    (target ?? searchRef.current)?.focus();
  });

  async function confirmDelete(team: TeamSummary) {
    const neighbour = neighbourAfterRemoval(shown, team.id);
    await onDelete(team.id);
    focusAfterDelete.current = { teamId: neighbour };
  }

  const status = searching && teams.length > 0 ? `${shown.length} ${shown.length === 1 ? 'team matches' : 'teams match'} your search.` : '';

  return (
    <div className="team-list">
      <TextField
        label={`Search ${label.toLowerCase()}`}
        className="team-list__search"
        inputRef={searchRef}
        type="search"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
        }}
        autoComplete="off"
        aria-controls={shown.length > 0 ? listId : undefined}
      />
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {teams.length === 0 ? (
        <p className="team-list__empty">{emptyText}</p>
      ) : shown.length === 0 ? (
        <p className="team-list__empty">{TEAM_LIST_TEXTS.noMatches}</p>
      ) : (
        <ul id={listId} role="list" aria-label={label} className="team-list__items">
          {shown.map((team) => (
            <TeamItem
              key={team.id}
              team={team}
              onOpenTeam={onOpenTeam}
              onManageMembers={onManageMembers}
              onEdit={onEdit}
              onDelete={setDeleting}
              current={team.id === currentTeamId}
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
