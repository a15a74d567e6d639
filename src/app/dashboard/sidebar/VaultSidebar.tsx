import { useState, type ReactNode } from 'react';
import { JoinedTeams, MyTeams, offersTeamSearch, TeamListNotices, TeamSearch, type TeamsController, type TeamSummary } from '../../../features/teams';
import { vaultCount, type VaultCount, type VaultState } from '../../../features/vault';
import { LayersIcon, UserIcon } from '../../../ui/icons';
import { ALL_ITEMS, personalScope, teamScope, type VaultScope } from '../scope';
import { ItemFilters } from './ItemFilters';
import { ScopeGroups } from './ScopeGroups';
import { Count } from './SidebarCount';
import './sidebar.css';

export interface VaultSidebarProps {
  readonly id: string;
  readonly scope: VaultScope;
  readonly onScope: (scope: VaultScope) => void;
  /** The personal vault's state (null: not open, e.g. under the upgrade overlay). */
  readonly personal: VaultState | null;
  /** Open team vaults' states by team id. */
  readonly teamStates: ReadonlyMap<string, VaultState>;
  /** Teams whose key is being opened: counted once their vault has answered, a placeholder until then. */
  readonly openingTeams?: ReadonlySet<string>;
  /** Entries across every vault in view, once all have answered (vaultCounts.ts). */
  readonly total: VaultCount;
  readonly teams: TeamsController | null;
  readonly planId: string;
  /** A free plan past its trial: All items, Personal Passwords and My Teams are under the overlay. */
  readonly locked: boolean;
  readonly onManageMembers: ((teamId: string) => void) | undefined;
  /** Narrow screens: the sidebar is a drawer, shown while open. */
  readonly open: boolean;
  /** Under My Teams: the owner's deleted teams whose activity logs are kept (issue #24). */
  readonly deletedTeams?: ReactNode;
  /** Import, Export and Password health for any vault (issue #43 item 3). */
  readonly tools?: ReactNode;
}

interface ScopeButtonProps {
  readonly icon: ReactNode;
  readonly current: boolean;
  readonly count: VaultCount;
  readonly onClick: () => void;
  readonly children: ReactNode;
}

function ScopeButton({ icon, current, count, onClick, children }: ScopeButtonProps) {
  return (
    <button type="button" className="row-button vault-sidebar__scope" aria-current={current ? 'page' : undefined} onClick={onClick}>
      {icon}
      <span className="vault-sidebar__label">{children}</span>
      <Count value={count} />
    </button>
  );
}

/**
 * The vault screen's sidebar (issue #21) and its only navigation (issue #43): All items, Personal
 * Passwords with its groups, then SPEC.md's My Teams and Joined Teams sections (empty texts, Owner
 * badge, each team's menu of actions), each team with its count and, while on screen, its groups; a
 * team search once there are enough teams to need one; Favourites and the kinds of item (issue #44),
 * which narrow whatever list is on screen; the tools that work on any vault.
 */
export function VaultSidebar({ id, scope, onScope, personal, teamStates, openingTeams, total, teams, planId, locked, onManageMembers, open, deletedTeams, tools }: VaultSidebarProps) {
  const [teamQuery, setTeamQuery] = useState('');
  const allTeams = teams?.status === 'ready' ? teams.teams : [];
  const searchable = offersTeamSearch(allTeams);
  const query = searchable ? teamQuery : '';
  const currentTeamId = scope.kind === 'team' ? scope.teamId : null;
  // A team whose key is still opening has no state yet: pending, not uncounted (issue #43 item 0).
  const countOf = (team: TeamSummary) => {
    const state = teamStates.get(team.id);
    return state === undefined && openingTeams?.has(team.id) === true ? 'pending' : vaultCount(state);
  };
  const renderTeamGroups = (team: TeamSummary) =>
    currentTeamId === team.id && scope.kind === 'team' ? (
      <ScopeGroups
        state={teamStates.get(team.id)}
        current={scope.group}
        label={`Groups of team ${team.name}`}
        onGroup={(group) => {
          onScope(teamScope(team.id, group));
        }}
      />
    ) : null;
  const onOpenTeam = (teamId: string) => {
    onScope(teamScope(teamId));
  };
  const teamProps = { teams, onOpenTeam, onManageMembers, currentTeamId, countOf, renderExtra: renderTeamGroups, query };

  return (
    <nav id={id} aria-label="Vaults" className={open ? 'vault-sidebar vault-sidebar--open' : 'vault-sidebar'}>
      {/* The nav spans the page's height (its background with it); this part stays in view. */}
      <div className="vault-sidebar__inner">
        {!locked && (
          <div className="vault-sidebar__vaults">
            <ScopeButton
              icon={<LayersIcon />}
              current={scope.kind === 'all'}
              count={total}
              onClick={() => {
                onScope(ALL_ITEMS);
              }}
            >
              All items
            </ScopeButton>
            <ScopeButton
              icon={<UserIcon />}
              current={scope.kind === 'personal'}
              count={vaultCount(personal ?? undefined)}
              onClick={() => {
                onScope(personalScope());
              }}
            >
              Personal Passwords
            </ScopeButton>
            <ScopeGroups
              state={personal ?? undefined}
              current={scope.kind === 'personal' ? scope.group : null}
              label="Personal groups"
              onGroup={(group) => {
                onScope(personalScope(group));
              }}
            />
          </div>
        )}
        {!locked && <ItemFilters />}
        <TeamListNotices teams={teams} />
        {searchable && <TeamSearch teams={allTeams} query={teamQuery} onQuery={setTeamQuery} />}
        {!locked && <MyTeams planId={planId} {...teamProps} />}
        {!locked && deletedTeams}
        <JoinedTeams {...teamProps} />
        {!locked && tools}
      </div>
    </nav>
  );
}
