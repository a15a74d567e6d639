import {
  importPublicKey,
  teamKeyMatchesCheck,
  unwrapTeamKey,
  wrapTeamKey,
  type PrivateKey,
  type Sealed,
  type TeamKey,
  type VaultKey,
} from '../../crypto';
import type { StoredTeam } from '../../data/teams/storedTeams';

// The team key in the browser (docs/teams.md): opened from the member's own wrap, and wrapped for
// a teammate only after their public key's fingerprint is shown and checked against the one this
// user remembered and the one the team vouches for (knownKeys.ts), so no server can swap it.

export const TEAM_KEY_MESSAGES = Object.freeze({
  notAvailable: 'Team key not available',
  noPrivateKey: 'Private key not found in session',
  noAccess: 'You do not have access to the team key',
  userNotFound: 'User not found',
  newMemberNoPublicKey: 'New member does not have a public key',
  userNoPublicKey: 'User does not have a public key',
  grantFailed: 'Failed to grant team key access',
});

export class TeamKeyError extends Error {
  override readonly name: string = 'TeamKeyError';
}

/**
 * This member's wrap does not open the team's key: it does not unwrap, or what it opens is not the
 * key the team's check names (docs/teams.md, "Key checks"). Nothing must be read or written with
 * it; the member reports it so a key holder can grant the key again.
 */
export class TeamKeyMismatchError extends TeamKeyError {
  override readonly name = 'TeamKeyMismatchError';
  constructor(options?: ErrorOptions) {
    super(TEAM_KEY_MESSAGES.notAvailable, options);
  }
}

/**
 * The server handed out a public key for someone that differs from the one remembered ('mine'),
 * or from the one an owner or admin of the team confirmed for them ('team').
 */
export class PublicKeyChangedError extends Error {
  override readonly name = 'PublicKeyChangedError';
  constructor(
    readonly who: string,
    readonly against: 'mine' | 'team' = 'mine',
  ) {
    super(
      (against === 'mine'
        ? `The security key of ${who} has changed since you last shared with them. `
        : `The security key of ${who} differs from the one your team confirmed for them. `) +
        'Nothing was shared. Ask them whether they reset their account before you share again.',
    );
  }
}

export interface UserKeys {
  readonly vaultKey: VaultKey;
  readonly privateKey: PrivateKey;
}

/**
 * Opens `wrapped` as the team key of `keyVersion` and checks it against `check` (when the team has
 * one): a wrap that does not open, or opens another key, is a TeamKeyMismatchError.
 */
export async function openCheckedTeamKey(
  wrapped: Sealed<'team-key-wrap'>,
  privateKey: UserKeys['privateKey'],
  binding: { readonly teamId: string; readonly keyVersion: number },
  check: string | null,
): Promise<TeamKey> {
  let key: TeamKey;
  try {
    key = await unwrapTeamKey(wrapped, privateKey, binding);
  } catch (cause) {
    throw new TeamKeyMismatchError({ cause });
  }
  if (check !== null && !(await teamKeyMatchesCheck(key, binding, check))) throw new TeamKeyMismatchError();
  return key;
}

/** This user's copy of the team's current key, checked against the team's published key check. */
export async function openTeamKey(team: StoredTeam, teamId: string, uid: string, keys: UserKeys | null): Promise<TeamKey> {
  if (keys === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.noPrivateKey);
  const member = team.members[uid];
  if (member === undefined) throw new TeamKeyError(TEAM_KEY_MESSAGES.noAccess);
  if (member.needsTeamKey || member.encryptedTeamKey === null) throw new TeamKeyError(TEAM_KEY_MESSAGES.noAccess);
  return openCheckedTeamKey(member.encryptedTeamKey, keys.privateKey, { teamId, keyVersion: team.keyVersion }, team.keyCheck ?? null);
}

/** Wraps the team key for a teammate's public key, bound to the team and key version. */
export async function wrapFor(teamKey: TeamKey, publicKey: string, teamId: string, keyVersion: number): Promise<string> {
  return wrapTeamKey(teamKey, await importPublicKey(publicKey), { teamId, keyVersion });
}
