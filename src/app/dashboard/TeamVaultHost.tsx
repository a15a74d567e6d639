import { useEffect, useMemo, useState } from 'react';
import { openPreviousTeamKey, type TeamKey } from '../../crypto';
import type { Repositories } from '../../data/repositories';
import type { TeamSummary } from '../../features/teams';
import { openTeamKey, TEAM_KEY_MESSAGES, TeamKeyError, type UserKeys } from '../../features/teams/teamKeys';
import type { DetailsCache } from '../../features/vault/detailsCache';
import { TeamPasswordsView, type TeamKeyAccess, type TeamViewTeam } from '../../features/vault/TeamPasswordsView';

// The composition behind 'View Passwords': the team is read again (its role and key version may
// have changed since the list was loaded), its key opened with the teams feature, and the vault
// feature's team view handed the key, the key version and the user's role.

export interface TeamVaultHostProps {
  readonly teamId: string;
  /** The team as the list showed it: the header until the team is read again. */
  readonly summary: TeamSummary | undefined;
  readonly repositories: Repositories;
  readonly keys: UserKeys | null;
  readonly userId: string;
  /** Where opened entry details are kept; the dashboard clears it when the session forgets the keys. */
  readonly details?: DetailsCache;
  readonly onBack: () => void;
}

type Opened = { readonly team: TeamViewTeam | null; readonly access: TeamKeyAccess };

export function TeamVaultHost({ teamId, summary, repositories, keys, userId, details, onBack }: TeamVaultHostProps) {
  const [opened, setOpened] = useState<Opened>({ team: null, access: { status: 'opening' } });
  // Bumped when a write finds the team key changed (a rotation): the team is read and opened again.
  const [reopen, setReopen] = useState(0);

  useEffect(() => {
    let current = true;
    const settle = (next: Opened) => {
      if (current) setOpened(next);
    };
    void (async () => {
      const stored = await repositories.teams.get(teamId).catch((error: unknown) => {
        console.error('Could not read the team', error);
        return null;
      });
      const member = stored?.members[userId];
      if (stored === null || member === undefined) {
        settle({ team: null, access: { status: 'unavailable', message: TEAM_KEY_MESSAGES.notAvailable } });
        return;
      }
      const team = { name: stored.name, memberCount: Object.keys(stored.members).length, role: member.role };
      if (member.needsTeamKey || member.encryptedTeamKey === null) {
        settle({ team, access: { status: 'needsKey' } });
        return;
      }
      let key: TeamKey;
      try {
        key = await openTeamKey(stored, teamId, userId, keys);
      } catch (error) {
        console.error('Could not open the team key', error);
        settle({ team, access: { status: 'unavailable', message: error instanceof TeamKeyError ? error.message : TEAM_KEY_MESSAGES.notAvailable } });
        return;
      }
      // During a rotation the previous key is sealed under the current one: entries not yet
      // re-encrypted still open. If it cannot be opened they are shown as undecryptable.
      let previousKey: TeamKey | null = null;
      if (stored.previousKey !== null) {
        previousKey = await openPreviousTeamKey(stored.previousKey.sealed, key, { teamId, keyVersion: stored.previousKey.version }).catch(
          (error: unknown) => {
            console.error('Could not open the previous team key', error);
            return null;
          },
        );
      }
      settle({
        team,
        access: {
          status: 'open',
          deps: {
            passwords: repositories.passwords,
            groups: repositories.groups,
            userId,
            team: {
              teamId,
              key,
              keyVersion: stored.keyVersion,
              role: member.role,
              previousKey,
              storedKeyVersion: async () => (await repositories.teams.get(teamId))?.keyVersion ?? null,
              onKeyChanged: () => {
                setReopen((count) => count + 1);
              },
            },
            ...(details === undefined ? {} : { details }),
            now: () => Date.now(),
          },
        },
      });
    })();
    return () => {
      current = false;
    };
  }, [teamId, repositories, keys, userId, details, reopen]);

  const fallback = useMemo<TeamViewTeam>(
    () => ({ name: summary?.name ?? 'Team', memberCount: summary?.memberCount ?? 0, role: summary?.myRole ?? 'view' }),
    [summary],
  );

  return <TeamPasswordsView team={opened.team ?? fallback} access={opened.access} onBack={onBack} />;
}
