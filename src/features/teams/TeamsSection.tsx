import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import type { TeamSummary } from './model';
import { TeamFormDialog } from './TeamFormDialog';
import { TeamList } from './TeamList';
import { splitTeams, TEAM_LIST_TEXTS } from './teamList';
import { reachedTeamLimit, TEAM_LIMIT_TITLE, teamLimitText } from './teamLimit';
import type { TeamsController } from './useTeams';
import './teams.css';
import { LoadFailed } from '../../ui/LoadFailed';

interface CommonProps {
  /** From useTeams; null while there is no team service (the section then shows its empty state). */
  readonly teams: TeamsController | null;
  readonly onOpenTeam?: ((teamId: string) => void) | undefined;
  readonly onManageMembers?: ((teamId: string) => void) | undefined;
  /** The team whose passwords are on screen, and what the sidebar shows under each team. */
  readonly currentTeamId?: string | null | undefined;
  readonly countOf?: ((team: TeamSummary) => number | 'pending' | null) | undefined;
  readonly renderExtra?: ((team: TeamSummary) => ReactNode) | undefined;
  /** The sidebar's one team search (TeamSearch); blank or absent: every team. */
  readonly query?: string | undefined;
}

export type MyTeamsProps = CommonProps & {
  /** The plan the user is on (effectivePlanId): it sets how many teams they may own (SPEC.md §9). */
  readonly planId: string;
};

type Form = { readonly team: TeamSummary | null } | null;

/** 'My Teams': the teams the user owns, with Create Team, edit and delete (SPEC.md §2). */
export function MyTeams({ teams, planId, ...shared }: MyTeamsProps) {
  const headingId = useId();
  const [form, setForm] = useState<Form>(null);
  const [limitShown, setLimitShown] = useState<number | null>(null);
  const owned = useMemo(() => splitTeams(teams?.teams ?? []).owned, [teams?.teams]);
  const ready = teams?.status === 'ready';

  function startCreate() {
    const limit = reachedTeamLimit(planId, owned.length);
    if (limit === null) setForm({ team: null });
    else setLimitShown(limit);
  }

  return (
    <section className="teams-section" aria-labelledby={headingId}>
      <div className="teams-section__header">
        <h2 id={headingId}>My Teams</h2>
        {teams !== null && (
          <Button onClick={startCreate} disabled={!ready}>
            Create Team
          </Button>
        )}
      </div>
      <SectionBody
        teams={teams}
        shown={owned}
        label="My teams"
        emptyText={TEAM_LIST_TEXTS.noOwnedTeams}
        {...shared}
        onEdit={(team) => {
          setForm({ team });
        }}
      />
      {teams !== null && form !== null && (
        <TeamFormDialog
          team={form.team}
          onSubmit={(draft) => (form.team === null ? teams.create(draft) : teams.update(form.team.id, draft))}
          onClose={() => {
            setForm(null);
          }}
        />
      )}
      {limitShown !== null && (
        <Dialog
          open
          size="sm"
          title={TEAM_LIMIT_TITLE}
          onClose={() => {
            setLimitShown(null);
          }}
        >
          <p>{teamLimitText(limitShown, owned.length)}</p>
          <div className="teams-dialog__buttons">
            <Button
              onClick={() => {
                setLimitShown(null);
              }}
            >
              OK
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** 'Joined Teams': the teams the user belongs to without owning them. */
export function JoinedTeams({ teams, ...shared }: CommonProps) {
  const headingId = useId();
  const joined = useMemo(() => splitTeams(teams?.teams ?? []).joined, [teams?.teams]);
  return (
    <section className="teams-section" aria-labelledby={headingId}>
      <div className="teams-section__header">
        <h2 id={headingId}>Joined Teams</h2>
      </div>
      <SectionBody
        teams={teams}
        shown={joined}
        label="Joined teams"
        emptyText={TEAM_LIST_TEXTS.noJoinedTeams}
        {...shared}
        onEdit={() => undefined}
      />
    </section>
  );
}

interface SectionBodyProps extends CommonProps {
  readonly shown: readonly TeamSummary[];
  readonly label: string;
  readonly emptyText: string;
  readonly onEdit: (team: TeamSummary) => void;
}

function SectionBody({ teams, shown, onEdit, ...rest }: SectionBodyProps) {
  if (teams === null) return <p className="team-list__empty">{rest.emptyText}</p>;
  if (teams.status === 'failed') {
    return (
      <LoadFailed message={TEAM_LIST_TEXTS.loadFailed} onRetry={teams.retry} className="teams-section__failure" />
    );
  }
  if (teams.status === 'loading') {
    return (
      <p role="status" className="teams-section__status">
        {TEAM_LIST_TEXTS.loading}
      </p>
    );
  }
  return (
    <TeamList teams={shown} {...rest} onEdit={onEdit} onDelete={teams.remove} />
  );
}
