import type { ReactNode } from 'react';
import { JoinedTeams, MyTeams, TeamListNotices, type TeamsController, type TeamSummary } from '../../../features/teams';
import { vaultCount, type VaultCount, type VaultState } from '../../../features/vault';
import { LayersIcon, UserIcon } from '../../../ui/icons';
import { ALL_ITEMS, personalScope, teamScope, type VaultScope } from '../scope';
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
    <button type="button" className="vault-sidebar__scope" aria-current={current ? 'page' : undefined} onClick={onClick}>
      {icon}
      <span className="vault-sidebar__label">{children}</span>
      <Count value={count} />
    </button>
  );
}

/**
 * The vault screen's sidebar (issue #21): All items, Personal Passwords with its groups, then
 * SPEC.md's My Teams and Joined Teams sections (search, empty texts, Owner badge, member count,
 * the team actions), each team with its role, its count and, while on screen, its groups.
 */
export function VaultSidebar({ id, scope, onScope, personal, teamStates, openingTeams, total, teams, planId, locked, onManageMembers, open, deletedTeams }: VaultSidebarProps) {
  const currentTeamId = scope.kind === 'team' ? scope.teamId : null;
  const renderTeamExtra = (team: TeamSummary) => {
    const state = teamStates.get(team.id);
    const count = state === undefined && openingTeams?.has(team.id) === true ? 'pending' : vaultCount(state);
    return (
      <>
        {typeof count === 'number' && (
          <p className="vault-sidebar__team-count">
            {count} {count === 1 ? 'password' : 'passwords'}
          </p>
        )}
        {count === 'pending' && <p className="vault-sidebar__team-count vault-sidebar__team-count--pending" aria-hidden="true" />}
        <ScopeGroups
          state={state}
          current={currentTeamId === team.id && scope.kind === 'team' ? scope.group : null}
          label={`Groups of team ${team.name}`}
          onGroup={(group) => {
            onScope(teamScope(team.id, group));
          }}
        />
      </>
    );
  };
  const onOpenTeam = (teamId: string) => {
    onScope(teamScope(teamId));
  };

  return (
    <nav id={id} aria-label="Vaults" className={open ? 'vault-sidebar vault-sidebar--open' : 'vault-sidebar'}>
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
      <TeamListNotices teams={teams} />
      {!locked && (
        <MyTeams teams={teams} planId={planId} onOpenTeam={onOpenTeam} onManageMembers={onManageMembers} currentTeamId={currentTeamId} renderExtra={renderTeamExtra} />
      )}
      {!locked && deletedTeams}
      <JoinedTeams teams={teams} onOpenTeam={onOpenTeam} onManageMembers={onManageMembers} currentTeamId={currentTeamId} renderExtra={renderTeamExtra} />
    </nav>
  );
}
