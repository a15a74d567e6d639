import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { InvitationFunctions } from '../../data/invitations/storedInvitations';
import type { Repositories } from '../../data/repositories';
import { finishBeforeSignOut } from '../../session/workBeforeSignOut';
import type { TeamFunctions } from '../../data/teams/storedTeams';
import type { StoredUserRecord } from '../../data/users/userRecord';
import type { TeamMembersApi, TeamsApi } from './model';
import { createTeamMembersApi } from './membersApi';
import type { TeamInvitationDeps } from './teamInvitations';
import { createTeamsApi } from './teamService';
import type { UserKeys } from './teamKeys';

export interface TeamServicesInput {
  readonly repositories: Repositories;
  readonly functions: TeamFunctions;
  readonly invitationFunctions: InvitationFunctions;
  readonly userId: string;
  /** The user's record: teams they create are wrapped for its public key. */
  readonly record: StoredUserRecord | null;
  readonly keys: UserKeys | null;
}

export interface TeamServices {
  readonly teams: TeamsApi;
  readonly members: TeamMembersApi;
}

const clock = () => Date.now();

/**
 * The team list's and Manage Team Members' services for the signed-in user, or null while the
 * vault is locked or the user has no record (no public key to wrap a new team's key for).
 */
export function useTeamServices(input: TeamServicesInput | null): TeamServices | null {
  const { repositories, functions, invitationFunctions, userId, keys } = input ?? {};
  const ownPublicKey = input?.record?.publicKey ?? null;
  return useMemo(() => {
    if (repositories === undefined || functions === undefined || invitationFunctions === undefined || userId === undefined) return null;
    if (ownPublicKey === null || keys == null) return null;
    const deps: TeamInvitationDeps = {
      teams: repositories.teams,
      publicKeys: repositories.publicKeys,
      knownKeys: repositories.knownKeys,
      passwords: repositories.passwords,
      // A rotation re-seals sealed team groups too (a finish waits for them).
      groups: repositories.groups,
      functions,
      invitations: repositories.invitations,
      invitationFunctions,
      appOrigin: window.location.origin,
      userId,
      ownPublicKey,
      keys,
      now: clock,
    };
    return { teams: createTeamsApi(deps), members: createTeamMembersApi(deps) };
  }, [repositories, functions, invitationFunctions, userId, ownPublicKey, keys]);
}

/**
 * Publishes the user's public key where teammates read it to wrap team keys for them, once per
 * record read: accounts made before publicKeys existed publish at their next unlock. It is created
 * once and never changed, so publishing again is harmless. `open` says whether the vault is still
 * open: a publish under way at a logout is sent on without the user's token and refused, which is
 * no failure to report (publishing again at the next unlock).
 */
export function usePublishOwnKey(repositories: Repositories | null, userId: string, record: StoredUserRecord | null, open: () => boolean): void {
  const published = useRef<string | null>(null);
  const stillOpen = useRef(open);
  useLayoutEffect(() => {
    stillOpen.current = open;
  });
  useEffect(() => {
    if (repositories === null || record === null || published.current === record.publicKey) return;
    published.current = record.publicKey;
    finishBeforeSignOut(repositories.publicKeys.publish(userId, record.publicKey, Date.now())).catch((error: unknown) => {
      if (stillOpen.current()) console.error('Could not publish the public key', error);
    });
  }, [repositories, userId, record]);
}
