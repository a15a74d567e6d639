import type { Repositories } from '../../data/repositories';
import type { TeamSummary, UserKeys } from '../../features/teams';
import { AllItemsPanel, PersonalPasswordsSection, type DetailsCache, type OpenItemsSource, type PersonalVaultDeps, type VaultTransfer } from '../../features/vault';
import { UpgradeOverlay } from '../../ui/UpgradeOverlay';
import { personalScope, teamScope, type VaultScope } from './scope';
import { TeamVaultHost } from './TeamVaultHost';

export interface VaultMainProps {
  readonly scope: VaultScope;
  readonly onScope: (scope: VaultScope) => void;
  readonly locked: boolean;
  readonly personal: PersonalVaultDeps | null;
  readonly sources: readonly OpenItemsSource[];
  /** A vault All items spans is not open yet: its list is still loading. */
  readonly opening: boolean;
  readonly teams: readonly TeamSummary[];
  readonly repositories: Repositories;
  readonly keys: UserKeys | null;
  readonly userId: string;
  readonly details: DetailsCache;
  readonly transfer: VaultTransfer;
  /** 'Manage Members' in a team's header. */
  readonly onManageMembers?: ((teamId: string) => void) | undefined;
  /** An entry All items is asked to show (the sidebar's health report). */
  readonly shownEntry?: { readonly id: string } | null;
}

/** The vault screen's list and item pane for the scope the sidebar chose (issue #21). */
export function VaultMain({ scope, onScope, locked, personal, sources, opening, teams, repositories, keys, userId, details, transfer, onManageMembers, shownEntry = null }: VaultMainProps) {
  if (scope.kind === 'team') {
    const summary = teams.find((team) => team.id === scope.teamId);
    // A team the user owns is under the overlay with the rest; a joined team stays open (SPEC.md §2).
    if (!(locked && summary?.myRole === 'owner')) {
      return (
        <TeamVaultHost
          teamId={scope.teamId}
          summary={summary}
          repositories={repositories}
          keys={keys}
          userId={userId}
          details={details}
          transfer={transfer}
          group={scope.group}
          onGroupChange={(group) => {
            onScope(teamScope(scope.teamId, group));
          }}
          onManageMembers={onManageMembers}
        />
      );
    }
  }
  if (locked || personal === null) {
    return (
      <UpgradeOverlay locked={locked}>
        {/* Under the overlay nothing is decrypted: the sections are replaced, not hidden. */}
        {locked ? <LockedPlaceholder /> : <p role="status">Opening your vault…</p>}
      </UpgradeOverlay>
    );
  }
  if (scope.kind === 'personal') {
    return (
      <PersonalPasswordsSection
        deps={personal}
        transfer={transfer}
        group={scope.group}
        onGroupChange={(group) => {
          onScope(personalScope(group));
        }}
      />
    );
  }
  return <AllItemsPanel sources={sources} opening={opening} show={shownEntry} />;
}

function LockedPlaceholder() {
  return (
    <div className="dashboard__locked">
      <h2>Personal Passwords</h2>
      <p>Your passwords stay encrypted and safe while your plan is inactive.</p>
      <h2>My Teams</h2>
    </div>
  );
}

