import { useId, type ReactNode } from 'react';
import { canOnPasswords, ROLE_LABELS, type TeamRole } from '@keyloft/contract/teamPermissions';
import { DateStamp } from '../../ui/DateStamp';
import type { VaultTransfer } from './transfer';
import type { TeamVaultDeps } from './vaultService';
import { VaultPanel } from './VaultPanel';
import { ListSkeleton } from './list/ListPlaceholder';
import './vault.css';
import { countOf } from '../../ui/format';

/** What the view's header shows of the team. */
export interface TeamViewTeam {
  readonly name: string;
  readonly memberCount: number;
  /** The signed-in user's own role. */
  readonly role: TeamRole;
  /** As the team list read them (SPEC.md §2 "Team list"); absent until it has. */
  readonly description?: string | null;
  readonly createdAt?: number;
}

/**
 * The team key as the app could open it (features never import each other: the app opens the key
 * with the teams feature and hands the vault what it got).
 */
export type TeamKeyAccess =
  | { readonly status: 'opening' }
  /** The user is a member without a wrapped key yet ('Needs Key'): nothing can be decrypted. */
  | { readonly status: 'needsKey' }
  /** The key could not be opened ('Team key not available', 'You do not have access to the team key', ...). */
  | { readonly status: 'unavailable'; readonly message: string }
  | { readonly status: 'open'; readonly deps: TeamVaultDeps };

export const TEAM_VIEW_TEXTS = Object.freeze({
  opening: 'Opening the team key…',
  keyRequiredTitle: 'Key access required',
  keyRequired:
    'You do not have access to this team’s key yet, so its passwords cannot be decrypted. An owner or admin of the ' +
    'team must grant you access (Grant Access in Manage Team Members). Open the team again once they have.',
});

export function memberCountLabel(count: number): string {
  return countOf(count, 'member');
}

export interface TeamPasswordsViewProps {
  readonly team: TeamViewTeam;
  readonly access: TeamKeyAccess;
  /** Import and export, as the app composes them (issue #20). */
  readonly transfer?: VaultTransfer;
  /** The group filter when the caller holds it (the sidebar's groups). */
  readonly group?: string;
  readonly onGroupChange?: (group: string) => void;
  /** In the team's header: what the app adds to the team's view (members, the activity log of issue #24). */
  readonly teamActions?: ReactNode;
}

/**
 * The Team password view (SPEC.md §2): header with the team's name, member count, the user's role,
 * its description and created date, and the team's actions; Add Password and Groups only for roles
 * that may create; the key-access-required banner while the user needs the key; otherwise the list,
 * with edit and delete as the role allows (SPEC.md §6). The way back is the sidebar (issue #43).
 */
export function TeamPasswordsView({ team, access, transfer, group, onGroupChange, teamActions }: TeamPasswordsViewProps) {
  const headingId = useId();

  const details = (
    <div className="team-vault__about">
      <p className="vault-section__details">
        <span>{memberCountLabel(team.memberCount)}</span>
        {' · '}
        <span>Your role: {ROLE_LABELS[team.role]}</span>
        {team.createdAt !== undefined && (
          <>
            {' · '}
            <DateStamp label="Created" style="medium" unknownText="Created: unknown" epochMs={team.createdAt} />
          </>
        )}
      </p>
      {team.description !== undefined && team.description !== null && team.description !== '' && (
        <p className="team-vault__description">{team.description}</p>
      )}
      {teamActions !== undefined && <div className="team-vault__actions">{teamActions}</div>}
    </div>
  );

  return (
    <div className="team-vault">
      {access.status === 'open' ? (
        <VaultPanel
          // Another team starts the list afresh; a new key version of this one (a rotation) does
          // not: the list, the opened item and a shown password stay (session/useShownSession.ts).
          key={access.deps.team.teamId}
          deps={access.deps}
          heading={team.name}
          name={team.name}
          details={details}
          listLabel={`${team.name} passwords`}
          subject="the team’s passwords"
          canCreate={canOnPasswords(team.role, 'create')}
          canEdit={canOnPasswords(team.role, 'edit')}
          canDelete={canOnPasswords(team.role, 'delete')}
          // An import writes entries, so it needs the role that creates them; a team's export is for
          // its owner and admins (issue #20, item 5).
          canImport={canOnPasswords(team.role, 'create')}
          canExport={team.role === 'owner' || team.role === 'admin'}
          {...(transfer === undefined ? {} : { transfer })}
          {...(group === undefined ? {} : { group })}
          {...(onGroupChange === undefined ? {} : { onGroupChange })}
        />
      ) : (
        <section className="vault-section" aria-labelledby={headingId}>
          <div className="vault-section__header">
            <h2 id={headingId}>{team.name}</h2>
          </div>
          {details}
          {access.status === 'opening' && (
            <>
              <p role="status" className="vault-section__status">
                {TEAM_VIEW_TEXTS.opening}
              </p>
              {/* The team's rows are on their way (issue #43): drawn as a skeleton, not as an empty vault. */}
              <ListSkeleton />
            </>
          )}
          {access.status === 'needsKey' && (
            <div className="notice notice--warning" role="status">
              <h3 className="vault-section__banner-title">{TEAM_VIEW_TEXTS.keyRequiredTitle}</h3>
              <p>{TEAM_VIEW_TEXTS.keyRequired}</p>
            </div>
          )}
          {access.status === 'unavailable' && (
            <p role="alert" className="notice notice--error">
              {access.message}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
